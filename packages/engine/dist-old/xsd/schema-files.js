/**
 * Reads every file an XSD set pulls in (imports and includes) from disk, never the
 * network: a remote `schemaLocation` (e.g. `http://ddex.net/xml/avs/avs.xsd` in ERN 3.8) is mapped
 * to the file of the same base name in the importing file's folder.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
/** Resolves an import/include location against the importing file, mapping remote URLs to local files. */
export function resolveSchemaLocation(fromFile, location) {
    const dir = path.dirname(fromFile);
    if (/^[a-z][a-z0-9+.-]*:\/\//i.test(location)) {
        const base = location.split(/[?#]/)[0].split('/').pop() ?? '';
        const local = [path.join(dir, base), path.join(dir, '..', base)].find((f) => existsSync(f));
        return local ?? null;
    }
    const local = path.resolve(dir, location);
    return existsSync(local) ? local : null;
}
/** Reads each file of a set once (imports may form cycles). */
export class XsdFileReader {
    sources = [];
    seen = new Set();
    read(file) {
        const abs = path.resolve(file);
        if (this.seen.has(abs))
            return null;
        this.seen.add(abs);
        const text = readFileSync(abs, 'utf8');
        this.sources.push({ file: abs, text });
        return text;
    }
}
//# sourceMappingURL=schema-files.js.map
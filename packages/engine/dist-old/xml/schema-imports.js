/**
 * Reads an XSD set from disk for an in-memory validator (xmllint-wasm), following
 * `xs:import` / `xs:include` / `xs:redefine` / `xs:override` transitively and never touching the
 * network: a remote `schemaLocation` (ERN 3.8 imports `http://ddex.net/xml/avs/avs.xsd`) is
 * rewritten to the local file of the same base name. Every file is named by its path relative to
 * the set folder (posix separators), which is how xmllint-wasm lays files out in its in-memory file
 * system (`/` + name), so relative imports such as ERN 4.3.2's `../allowed-value-sets.xsd` resolve
 * the same way there as on disk.
 */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
/** Thrown when a set cannot be read as a whole (missing import, import outside the folder). */
export class SchemaSetError extends Error {
    constructor(message) {
        super(message);
        this.name = 'SchemaSetError';
    }
}
/**
 * Comments are matched as a whole so that a commented-out import is skipped; the second branch is
 * the start tag of a composition element with any prefix.
 */
const COMPOSITION = /<!--[\s\S]*?-->|<(?:[\w.-]+:)?(?:import|include|redefine|override)\b[^>]*>/g;
const SCHEMA_LOCATION = /(\bschemaLocation\s*=\s*)(["'])([^"']*)\2/;
const HAS_SCHEME = /^[a-z][a-z0-9+.-]*:/i;
/** Reads `mainFile` (absolute) and everything it pulls in, all inside `setDir`. */
export async function readSchemaSet(setDir, mainFile) {
    const root = path.resolve(setDir);
    const files = new Map();
    const queue = [path.resolve(mainFile)];
    while (queue.length > 0) {
        const absolute = queue.shift();
        const fileName = relativeName(root, absolute);
        if (files.has(fileName))
            continue;
        let bytes;
        try {
            bytes = await readFile(absolute);
        }
        catch (error) {
            throw new SchemaSetError(`cannot read ${absolute}: ${error.code ?? error.message}`);
        }
        const { contents, referenced } = await rewriteLocations(root, absolute, bytes);
        files.set(fileName, { fileName, contents });
        queue.push(...referenced);
    }
    const [main, ...imports] = files.values();
    return { main, imports };
}
/**
 * Finds the composition elements of one file, maps each `schemaLocation` to a local file and
 * rewrites remote ones. Works on a latin1 view so that the bytes of a UTF-8 file are kept exactly
 * (schema locations are ASCII).
 */
async function rewriteLocations(root, file, bytes) {
    const text = bytes.toString('latin1');
    const dir = path.dirname(file);
    const referenced = [];
    const edits = [];
    for (const match of text.matchAll(COMPOSITION)) {
        if (match[0].startsWith('<!--'))
            continue;
        const location = SCHEMA_LOCATION.exec(match[0]);
        if (!location || location[3].trim() === '')
            continue; // an import without location names a namespace only
        const written = location[3].trim();
        const local = await localFileFor(root, dir, written, file);
        referenced.push(local);
        if (HAS_SCHEME.test(written)) {
            const start = match.index + location.index + location[1].length + 1;
            edits.push({ start, end: start + location[3].length, value: toPosix(path.relative(dir, local)) });
        }
    }
    if (edits.length === 0)
        return { contents: bytes, referenced };
    let out = '';
    let at = 0;
    for (const edit of edits) {
        out += text.slice(at, edit.start) + edit.value;
        at = edit.end;
    }
    out += text.slice(at);
    return { contents: Buffer.from(out, 'latin1'), referenced };
}
async function localFileFor(root, dir, written, from) {
    const where = `${relativeName(root, from)} refers to "${written}"`;
    if (HAS_SCHEME.test(written)) {
        // A URL: the file of the same base name next to the importing file, else at the set's top.
        const base = decodeURIComponent(written.split(/[?#]/)[0].split('/').pop() ?? '');
        if (base) {
            for (const candidate of [path.join(dir, base), path.join(root, base)]) {
                if (await isFile(candidate))
                    return candidate;
            }
        }
        throw new SchemaSetError(`${where}; schemas are never downloaded while validating: put that file in ${dir} as "${base || '?'}"`);
    }
    const local = path.resolve(dir, written);
    if (!isInside(root, local))
        throw new SchemaSetError(`${where}, which is outside the schema folder ${root}`);
    if (!(await isFile(local)))
        throw new SchemaSetError(`${where}, which does not exist (${local})`);
    return local;
}
async function isFile(file) {
    try {
        return (await stat(file)).isFile();
    }
    catch {
        return false;
    }
}
function isInside(root, file) {
    const rel = path.relative(root, file);
    return rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel);
}
function relativeName(root, file) {
    if (!isInside(root, file))
        throw new SchemaSetError(`${file} is outside the schema folder ${root}`);
    return toPosix(path.relative(root, file));
}
function toPosix(p) {
    return p.split(path.sep).join('/');
}
//# sourceMappingURL=schema-imports.js.map
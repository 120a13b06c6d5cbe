/**
 * Finds an XSD set on disk and reads every file it pulls in (imports and includes), never the
 * network: a remote `schemaLocation` (e.g. `http://ddex.net/xml/avs/avs.xsd` in ERN 3.8) is mapped
 * to the file of the same base name in the importing file's folder.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

export interface XsdSetLocation {
  dir: string;
  mainFile: string;
  origin: string;
}

/**
 * Where the XSD set of an ERN version lives. Kept tiny on purpose: the engine's SchemaStore
 * (`xml/schema-store.ts`) takes this over once it exists; a caller may pass its own locator.
 */
export function locateXsdSet(version: string, dir?: string): XsdSetLocation | null {
  const root = dir ?? process.env.DDEX_SCHEMAS_DIR;
  if (!root) return null;
  const candidates = [
    path.join(root, `ern-${version}`, 'release-notification.xsd'),
    // ERN 4.3.2 ships its main file one folder down.
    path.join(root, `ern-${version}`, `ernv${version.replace(/\./g, '')}`, 'release-notification.xsd'),
  ];
  for (const mainFile of candidates) {
    if (existsSync(mainFile)) return { dir: path.dirname(mainFile), mainFile, origin: root === dir ? 'option' : 'DDEX_SCHEMAS_DIR' };
  }
  return null;
}

export interface XsdSource {
  /** Absolute path. */
  file: string;
  text: string;
}

/** Resolves an import/include location against the importing file, mapping remote URLs to local files. */
export function resolveSchemaLocation(fromFile: string, location: string): string | null {
  const dir = path.dirname(fromFile);
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(location)) {
    const base = location.split(/[?#]/)[0]!.split('/').pop() ?? '';
    const local = [path.join(dir, base), path.join(dir, '..', base)].find((f) => existsSync(f));
    return local ?? null;
  }
  const local = path.resolve(dir, location);
  return existsSync(local) ? local : null;
}

/** Reads a file once; the set's cache key is the SHA-256 of every file read, in order. */
export class XsdFileReader {
  readonly sources: XsdSource[] = [];
  private readonly seen = new Set<string>();

  read(file: string): string | null {
    const abs = path.resolve(file);
    if (this.seen.has(abs)) return null;
    this.seen.add(abs);
    const text = readFileSync(abs, 'utf8');
    this.sources.push({ file: abs, text });
    return text;
  }

  digest(): string {
    const hash = createHash('sha256');
    for (const s of this.sources) hash.update(path.basename(s.file)).update('\0').update(s.text).update('\0');
    return hash.digest('hex');
  }
}

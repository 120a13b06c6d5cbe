/**
 * Reads DDEX allowed value sets (AVS) out of the user's installed XSD set at run time: DDEX
 * licenses these lists, so none are copied into ddex-check. Every named `xs:simpleType` gives its
 * `xs:restriction/xs:enumeration/@value`s, and a `xs:union` keeps its member type names so that
 * `CurrentTerritoryCode` (ISO + TIS + DDEX codes up to 4.1) resolves to the union of its members.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { SaxesParser } from 'saxes';
import { engineCacheDir, keyByStat, readCacheJson, writeCacheJson } from '../cache/disk-cache.js';

export interface SimpleTypeValues {
  values: string[];
  /** Local names of the union's member types (prefix removed). */
  members: string[];
}

/** Named simple types of one AVS file; later duplicates of a name are merged. */
export function readEnumerations(xml: string): Map<string, SimpleTypeValues> {
  const types = new Map<string, SimpleTypeValues>();
  const parser = new SaxesParser({ xmlns: true });
  // Stack of the simpleType being read (null for anonymous ones nested in elements).
  const stack: (SimpleTypeValues | null)[] = [];
  let depthInType = 0;
  parser.on('opentag', (tag) => {
    const local = tag.local ?? tag.name;
    if (local === 'simpleType') {
      const name = attr(tag.attributes, 'name');
      if (name && stack.length === 0) {
        const entry = types.get(name) ?? { values: [], members: [] };
        types.set(name, entry);
        stack.push(entry);
      } else stack.push(null);
      depthInType = 0;
      return;
    }
    const current = stack[stack.length - 1];
    if (!current) return;
    depthInType++;
    if (local === 'enumeration') {
      const value = attr(tag.attributes, 'value');
      if (value !== null) current.values.push(value);
    } else if (local === 'union') {
      const members = attr(tag.attributes, 'memberTypes');
      if (members) current.members.push(...members.split(/\s+/).filter(Boolean).map((m) => m.slice(m.indexOf(':') + 1)));
    }
  });
  parser.on('closetag', (tag) => {
    if ((tag.local ?? tag.name) === 'simpleType') stack.pop();
  });
  parser.write(xml).close();
  return types;
}

function attr(attributes: Record<string, unknown>, name: string): string | null {
  const a = attributes[name] as { value: string } | string | undefined;
  if (a === undefined) return null;
  return typeof a === 'string' ? a : a.value;
}

/** All values of a named type, following union members (cycles ignored). */
export function resolveValues(types: Map<string, SimpleTypeValues>, name: string, seen = new Set<string>()): string[] | null {
  const entry = types.get(name);
  if (!entry || seen.has(name)) return entry ? [] : null;
  seen.add(name);
  const out = [...entry.values];
  for (const member of entry.members) out.push(...(resolveValues(types, member, seen) ?? []));
  return out;
}

/** Bump when what `readEnumerations` keeps changes: older cache files are then never read. */
const CACHE_FORMAT = 1;

interface CachedEnumerations {
  format: number;
  key: string;
  types: [string, SimpleTypeValues][];
}

/**
 * The named simple types of an AVS file. Parsing DDEX's 3 MB AVS takes a CLI run about 60-80 ms,
 * so the result is kept in the user cache, named by the SHA-256 of the file, which is read and
 * hashed again only when its stat changed; `cacheDir` null reads the file every time.
 */
export async function readEnumerationsFile(file: string, cacheDir: string | null = engineCacheDir('avs')): Promise<Map<string, SimpleTypeValues>> {
  if (!cacheDir) return readEnumerations((await readFile(file)).toString('utf8'));
  // A file that stats as when it was hashed is not read again (keyByStat).
  const abs = path.resolve(file);
  const format = `avs ${CACHE_FORMAT}\0`;
  let bytes: Buffer | undefined;
  const key = keyByStat(cacheDir, format + abs, () => {
    bytes = readFileSync(abs);
    return { key: createHash('sha256').update(format).update(bytes).digest('hex'), files: [abs] };
  });
  const cacheFile = path.join(cacheDir, `${key}.json`);
  const cached = readCacheJson<CachedEnumerations>(cacheFile);
  if (cached && cached.format === CACHE_FORMAT && cached.key === key && Array.isArray(cached.types)) return new Map(cached.types);
  bytes ??= await readFile(file);
  const types = readEnumerations(bytes.toString('utf8'));
  writeCacheJson(cacheFile, { format: CACHE_FORMAT, key, types: [...types] } satisfies CachedEnumerations);
  return types;
}

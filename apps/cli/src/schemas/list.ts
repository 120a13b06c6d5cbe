/**
 * `ddex-check schemas list`: every XSD set found in the folders the schema store searches
 * (`--schemas DIR`, `DDEX_SCHEMAS_DIR`, the user cache), in search order, which one is used for
 * each version, and for pulled sets where they came from.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { SchemaStore, type SchemaOrigin } from '@ddex-check/engine';
import { MANIFEST_FILE, type Manifest } from './pull.js';

export interface InstalledSet {
  version: string;
  origin: SchemaOrigin;
  dir: string;
  /** True for the set the store uses for this version (the first found). */
  used: boolean;
  /** From the manifest of a pulled set. */
  pulledFrom?: string;
  pulledAt?: string;
  files?: number;
}

export interface SchemaListing {
  roots: { root: string; origin: SchemaOrigin; exists: boolean }[];
  sets: InstalledSet[];
}

function versionOrder(a: string, b: string): number {
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) if ((pa[i] ?? -1) !== (pb[i] ?? -1)) return (pa[i] ?? -1) - (pb[i] ?? -1);
  return 0;
}

export async function listSchemas(store: SchemaStore): Promise<SchemaListing> {
  const listing: SchemaListing = { roots: [], sets: [] };
  const used = new Set<string>();
  for (const { root, origin } of store.roots()) {
    let names: string[];
    try {
      names = (await readdir(root, { withFileTypes: true })).filter((d) => d.isDirectory()).map((d) => d.name);
      listing.roots.push({ root, origin, exists: true });
    } catch {
      listing.roots.push({ root, origin, exists: false });
      continue;
    }
    const versions = names.map((n) => /^ern-(\d+(?:\.\d+)+)$/.exec(n)?.[1]).filter((v): v is string => v !== undefined).sort(versionOrder);
    for (const version of versions) {
      const dir = path.join(root, `ern-${version}`);
      const located = store.locate(version);
      if (!located) continue;
      const isUsed = !used.has(version) && located.dir === dir;
      const set: InstalledSet = { version, origin, dir, used: isUsed };
      if (isUsed) used.add(version);
      try {
        const manifest = JSON.parse(await readFile(path.join(dir, MANIFEST_FILE), 'utf8')) as Manifest;
        set.pulledFrom = manifest.files[0]?.url;
        set.pulledAt = manifest.pulled_at;
        set.files = manifest.files.length;
      } catch {
        // Not pulled by ddex-check (a folder the user keeps): nothing more to say.
      }
      listing.sets.push(set);
    }
  }
  return listing;
}

export function formatListing(listing: SchemaListing): string {
  const lines: string[] = ['Searched, in order:'];
  for (const r of listing.roots) lines.push(`  ${r.origin.padEnd(6)} ${r.root}${r.exists ? '' : '  (missing)'}`);
  lines.push('');
  if (listing.sets.length === 0) {
    lines.push('No XSD sets installed. Run "ddex-check schemas pull" (all versions) or "ddex-check schemas pull 4.3".');
    return lines.join('\n') + '\n';
  }
  const rows = listing.sets.map((s) => [
    s.version,
    s.origin,
    s.used ? 'used' : 'shadowed',
    s.dir,
    s.pulledFrom ? `pulled ${s.pulledAt?.slice(0, 10)} from ${s.pulledFrom}` : 'local folder',
  ]);
  const header = ['version', 'origin', 'status', 'folder', 'source'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i]))).join('  ');
  lines.push(line(header), ...rows.map(line));
  return lines.join('\n') + '\n';
}

/**
 * `ddex-check schemas pull`: fetches an ERN XSD set into the user cache as `ern-<version>/`, with a
 * manifest of every file (address, sha256, size). The new set is written beside the old one and
 * swapped in only once complete and readable by the schema store, so a failed pull changes nothing.
 */
import { createHash } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { SchemaStore } from '@ddex-check/engine';
import { crawl, PullError, type CrawledFile } from './crawl.js';
import { makeFolderSync } from '@ddex-check/engine/make-folder';
import { mirrorUrl, officialUrl } from './versions.js';

export const MANIFEST_FILE = 'ddex-check-manifest.json';

export interface ManifestFile {
  path: string;
  url: string;
  sha256: string;
  bytes: number;
}

export interface Manifest {
  tool: 'ddex-check';
  version: string;
  /** `official` (DDEX's addresses) or `mirror` (--from). */
  source: 'official' | 'mirror';
  main: string;
  pulled_at: string;
  files: ManifestFile[];
}

export interface PullOptions {
  version: string;
  cacheDir: string;
  /** Mirror base URL (`--from`). */
  from?: string;
  fetchImpl?: typeof fetch;
  now?: () => Date;
}

function directoryOf(url: string): string {
  return url.slice(0, url.lastIndexOf('/') + 1);
}

/** Longest common folder of URLs (same origin), ending with '/'. */
function commonDirectory(urls: string[]): string {
  let common = directoryOf(urls[0]);
  for (const url of urls.slice(1)) {
    while (!url.startsWith(common)) common = directoryOf(common.slice(0, -1));
  }
  return common;
}

/** Local path of each file inside the set folder: its path under the set root, or its base name for URL imports from elsewhere. */
function layout(files: CrawledFile[], root: string, version: string): Map<CrawledFile, string> {
  const paths = new Map<CrawledFile, string>();
  const taken = new Map<string, string>();
  for (const file of files) {
    const local = file.url.startsWith(root) ? decodeURIComponent(file.url.slice(root.length).split(/[?#]/)[0]) : decodeURIComponent(new URL(file.url).pathname.split('/').pop() ?? '');
    const parts = local.split('/');
    if (!local || parts.some((p) => p === '' || p === '.' || p === '..')) throw new PullError(`${file.url}: cannot be placed inside ern-${version}/`);
    const other = taken.get(local);
    if (other) throw new PullError(`${file.url} and ${other} would both be stored as ern-${version}/${local}`);
    taken.set(local, file.url);
    paths.set(file, local);
  }
  return paths;
}

export async function pullSchemas(opts: PullOptions): Promise<Manifest> {
  const fetchImpl = opts.fetchImpl ?? fetch;
  const { version } = opts;
  let files: CrawledFile[];
  let root: string;
  if (opts.from) {
    const mirror = mirrorUrl(opts.from, version);
    const mapAbsolute = (url: string) => mirror.setRoot + (new URL(url).pathname.split('/').pop() ?? '');
    files = await crawl(mirror.main, fetchImpl, mapAbsolute);
    root = mirror.setRoot;
  } else {
    files = await crawl(officialUrl(version), fetchImpl);
    // Relative imports may climb above the main file's folder; the set root is where they all meet.
    const main = files[0].url;
    root = commonDirectory([main, ...files.filter((f) => !f.absolute && new URL(f.url).origin === new URL(main).origin).map((f) => f.url)]);
  }
  const paths = layout(files, root, version);

  try {
    makeFolderSync(opts.cacheDir);
  } catch (error) {
    throw new PullError(`the schema cache ${opts.cacheDir} cannot be made: ${(error as Error).message}`);
  }
  const target = path.join(opts.cacheDir, `ern-${version}`);
  const partial = path.join(opts.cacheDir, `.ern-${version}.partial-${process.pid}`);
  await rm(partial, { recursive: true, force: true });
  try {
    const manifest: Manifest = {
      tool: 'ddex-check',
      version,
      source: opts.from ? 'mirror' : 'official',
      main: paths.get(files[0])!,
      pulled_at: (opts.now?.() ?? new Date()).toISOString(),
      files: [],
    };
    for (const file of files) {
      const local = paths.get(file)!;
      makeFolderSync(path.dirname(path.join(partial, local)));
      await writeFile(path.join(partial, local), file.bytes);
      manifest.files.push({ path: local, url: file.url, sha256: createHash('sha256').update(file.bytes).digest('hex'), bytes: file.bytes.length });
    }
    await writeFile(path.join(partial, MANIFEST_FILE), JSON.stringify(manifest, null, 2) + '\n');
    // The set must load (every import resolves locally) before it replaces anything.
    const staging = path.join(opts.cacheDir, `.staging-${process.pid}`);
    await rm(staging, { recursive: true, force: true });
    await mkdir(staging);
    try {
      await rename(partial, path.join(staging, `ern-${version}`));
      SchemaStore.clearCache();
      await new SchemaStore({ dir: staging }).load(version).catch((error: Error) => {
        throw new PullError(`the downloaded set of ERN ${version} does not load: ${error.message}`);
      });
      await rm(target, { recursive: true, force: true });
      await rename(path.join(staging, `ern-${version}`), target);
    } finally {
      await rm(staging, { recursive: true, force: true });
      SchemaStore.clearCache();
    }
    return manifest;
  } finally {
    await rm(partial, { recursive: true, force: true });
  }
}

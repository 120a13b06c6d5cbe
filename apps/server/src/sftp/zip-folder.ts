/**
 * Packs a batch folder of the inbox into one zip file, streamed (each file is read from disk as the
 * zip is written, nothing held whole in memory), entries relative to the folder in name order and
 * stored uncompressed (audio does not compress; the copy runs at disk speed).
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yazl from 'yazl';

/** Regular files under `dir`, relative posix paths, sorted; symlinks and other kinds are skipped. */
export async function filesUnder(dir: string, prefix = ''): Promise<{ rel: string; abs: string; size: number }[]> {
  const out: { rel: string; abs: string; size: number }[] = [];
  const entries = (await fsp.readdir(dir, { withFileTypes: true })).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const entry of entries) {
    const abs = path.join(dir, entry.name);
    const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(...(await filesUnder(abs, rel)));
    else if (entry.isFile()) out.push({ rel, abs, size: (await fsp.stat(abs)).size });
  }
  return out;
}

/** Writes the zip of `files` (from `filesUnder`) to `target`; returns its size in bytes. */
export async function zipFiles(files: { rel: string; abs: string }[], target: string): Promise<number> {
  const zip = new yazl.ZipFile();
  // yazl reports a file it cannot read (gone, or changed size while zipped) on the ZipFile itself:
  // unheard, that 'error' would end the process. It ends the zip's stream, so pipeline rejects.
  zip.on('error', (error: Error) => (zip.outputStream as Readable).destroy(error));
  for (const file of files) zip.addFile(file.abs, file.rel, { compress: false });
  zip.end();
  await pipeline(zip.outputStream, fs.createWriteStream(target));
  return (await fsp.stat(target)).size;
}

/**
 * The reports of a /test batch or file, written beside it: `<name>.report.txt` (the CLI's text
 * format, without colours) and `<name>.report.json` (the report object POST /ddex/validate answers
 * under `data`). Each is written to the account's scratch folder and renamed into place, so a
 * client listing /test sees a whole report or none, never half of one.
 */
import fsp from 'node:fs/promises';
import path from 'node:path';
import crypto from 'node:crypto';
import { createRequire } from 'node:module';
import { formatterFor, type Report } from '@ddex-check/engine';
import { now } from '../clock.js';

const SERVER_VERSION = (createRequire(import.meta.url)('../../package.json') as { version: string }).version;

/** The CLI's text report of one batch, as `ddex-check` prints it with colours off. */
export function reportText(report: Report): string {
  return formatterFor('text')!([report], { failOn: 'rejected', color: false, cwd: '/', tool: { name: 'ddex-check', version: SERVER_VERSION } });
}

/** Writes `content` to `target` through a scratch file in `workDir` and a rename: readers see all of it or nothing. */
export async function writeAtomically(workDir: string, target: string, content: string): Promise<void> {
  const temp = path.join(workDir, `${crypto.randomUUID()}.part`);
  try {
    await fsp.writeFile(temp, content);
    // Dated on the server's clock, as everything retention compares.
    await fsp.utimes(temp, now(), now());
    // Same file system (both under the account's folder): the rename is atomic.
    await fsp.rename(temp, target);
  } catch (error) {
    // A report that could not be put in place leaves no scratch file behind.
    await fsp.rm(temp, { force: true });
    throw error;
  }
}

export async function writeReports(workDir: string, dir: string, base: string, text: string | null, json: unknown): Promise<void> {
  const body = text ?? reportText(json as Report);
  await writeAtomically(workDir, path.join(dir, `${base}.report.json`), JSON.stringify(json, null, 2) + '\n');
  await writeAtomically(workDir, path.join(dir, `${base}.report.txt`), body);
}

/**
 * Golden end-to-end cases: each folder under `golden/` holds `cmd` (one ddex-check invocation per
 * line, argv in shell-like quoting), optionally `env` (KEY=VALUE lines) and `cwd` (folder relative
 * to the repository root), and `expected.txt`: per invocation its stdout, stderr, exit status and
 * every file it wrote under {out}. Volatile parts (temp/absolute paths, timestamps, durations,
 * versions) are normalized. `UPDATE_GOLDEN=1` rewrites `expected.txt`; review the diff by eye.
 *
 * Placeholders in cmd/env/cwd: {out} (a fresh folder per case, for -o files), {tmp} (the case's
 * temp folder), {case} (the case folder, relative to the repository root), {shared} (../shared).
 */
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const CLI_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const ROOT = path.resolve(CLI_DIR, '../..');
export const SHARED = path.resolve(ROOT, '../shared');
export const BIN = path.join(CLI_DIR, 'bin/ddex-check.js');
export const GOLDEN_DIR = path.join(CLI_DIR, 'test/golden');

/** Splits a command line like a POSIX shell would for simple cases: spaces, '…' and "…". */
export function splitArgs(line: string): string[] {
  const args: string[] = [];
  let current = '';
  let quote: string | null = null;
  let has = false;
  for (const ch of line) {
    if (quote) {
      if (ch === quote) quote = null;
      else current += ch;
    } else if (ch === '"' || ch === "'") {
      quote = ch;
      has = true;
    } else if (/\s/.test(ch)) {
      if (has || current) args.push(current);
      current = '';
      has = false;
    } else current += ch;
  }
  if (quote) throw new Error(`unclosed quote in: ${line}`);
  if (has || current) args.push(current);
  return args;
}

export interface RunResult {
  stdout: string;
  stderr: string;
  status: number | null;
}

export function runBin(args: string[], opts: { cwd: string; env: NodeJS.ProcessEnv }): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd: opts.cwd, env: opts.env, stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (d: Buffer) => out.push(d));
    child.stderr.on('data', (d: Buffer) => err.push(d));
    child.on('error', reject);
    child.on('close', (status) => resolve({ stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8'), status }));
  });
}

async function readOptional(file: string): Promise<string | null> {
  try {
    return await readFile(file, 'utf8');
  } catch {
    return null;
  }
}

async function versions(): Promise<string[]> {
  const read = async (p: string) => (JSON.parse(await readFile(p, 'utf8')) as { version: string }).version;
  return [...new Set([await read(path.join(CLI_DIR, 'package.json')), await read(path.join(ROOT, 'packages/engine/package.json'))])];
}

export async function normalize(text: string, tmp: string): Promise<string> {
  let out = text;
  for (const [from, to] of [
    [tmp, '<tmp>'],
    [SHARED, '<shared>'],
    [ROOT, '<root>'],
  ] as const) {
    out = out.split(from).join(to);
  }
  for (const v of await versions()) out = out.replace(new RegExp(`(?<![\\w.])${v.replace(/\./g, '\\.')}(?![\\w.])`, 'g'), '<version>');
  return out
    // Columns padded to an absolute path's length (schemas list) depend on where the checkout
    // lives; runs of spaces between cells become two. Column alignment is unit-tested instead.
    .replace(/(?<=\S) {3,}(?=\S)/g, '  ')
    .replace(/"(started_at|pulled_at)": "[^"]*"/g, '"$1": "<timestamp>"')
    .replace(/timestamp="[^"]*"/g, 'timestamp="<timestamp>"')
    .replace(/"duration_ms": \d+/g, '"duration_ms": "<ms>"')
    .replace(/ time="[\d.]+"/g, ' time="<s>"');
}

async function listFiles(dir: string, prefix = ''): Promise<string[]> {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  const files: string[] = [];
  for (const e of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    if (e.isDirectory()) files.push(...(await listFiles(path.join(dir, e.name), `${prefix}${e.name}/`)));
    else files.push(`${prefix}${e.name}`);
  }
  return files;
}

export interface GoldenCase {
  name: string;
  dir: string;
}

export async function goldenCases(): Promise<GoldenCase[]> {
  const names = (await readdir(GOLDEN_DIR, { withFileTypes: true })).filter((d) => d.isDirectory()).map((d) => d.name).sort();
  return names.map((name) => ({ name, dir: path.join(GOLDEN_DIR, name) }));
}

/** Runs every line of the case's cmd and renders the transcript that `expected.txt` holds. */
export async function runCase(c: GoldenCase): Promise<string> {
  const tmp = await mkdtemp(path.join(os.tmpdir(), `golden-${c.name}-`));
  try {
    const out = path.join(tmp, 'out');
    await mkdir(out);
    await mkdir(path.join(tmp, 'home'));
    const fill = (s: string) =>
      s
        .replaceAll('{out}', out)
        .replaceAll('{tmp}', tmp)
        .replaceAll('{case}', path.relative(ROOT, c.dir))
        .replaceAll('{shared}', SHARED);
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      HOME: path.join(tmp, 'home'),
      XDG_CACHE_HOME: path.join(tmp, 'cache'),
      DDEX_SCHEMAS_DIR: path.join(SHARED, 'ddex/xsd'),
      TERM: 'dumb',
      LANG: 'C.UTF-8',
    };
    for (const line of ((await readOptional(path.join(c.dir, 'env'))) ?? '').split('\n')) {
      const m = /^\s*([A-Z_][A-Z0-9_]*)=(.*)$/.exec(line);
      if (m) env[m[1]] = fill(m[2]);
    }
    const cwdLine = (await readOptional(path.join(c.dir, 'cwd')))?.trim();
    const cwd = cwdLine ? path.resolve(ROOT, fill(cwdLine)) : ROOT;
    const lines = (await readFile(path.join(c.dir, 'cmd'), 'utf8')).split('\n').filter((l) => l.trim() !== '' && !l.trim().startsWith('#'));
    const transcript: string[] = [];
    for (const line of lines) {
      const result = await runBin(splitArgs(fill(line)), { cwd, env });
      transcript.push(`$ ddex-check ${line}`, '--- stdout', result.stdout.replace(/\n$/, ''), '--- stderr', result.stderr.replace(/\n$/, ''), `--- exit ${result.status}`);
      for (const file of await listFiles(out)) {
        transcript.push(`--- file {out}/${file}`, (await readFile(path.join(out, file), 'utf8')).replace(/\n$/, ''));
      }
      await rm(out, { recursive: true, force: true });
      await mkdir(out);
    }
    return normalize(transcript.join('\n') + '\n', tmp);
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
}

/**
 * The bundle the bin loads (`dist/bundle/`, built by `npm run build`): it gives the same report as
 * the plain build, leaves the heavy libraries to load on first use, and carries a parse-thread
 * worker that runs.
 */
import { describe, expect, it } from 'vitest';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';

const cliDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repo = path.resolve(cliDir, '../..');
const bundleDir = path.join(cliDir, 'dist/bundle');
const batch = path.join(repo, 'fixtures/batches/album-43');

function reportOf(args: string[]): unknown {
  const out = execFileSync(process.execPath, args, { cwd: repo, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
  const reports = JSON.parse(out) as Record<string, unknown>[];
  // Timings differ between two runs; everything else must not.
  return JSON.parse(JSON.stringify(reports, (key, value) => (/(_ms|_at)$/.test(key) ? undefined : value)));
}

describe('the CLI bundle', () => {
  it('answers as the plain build does', () => {
    const viaBin = reportOf([path.join(cliDir, 'bin/ddex-check.js'), batch, '-f', 'json']);
    const script = `const { run } = await import(${JSON.stringify(path.join(cliDir, 'dist/run.js'))}); process.exitCode = await run(process.argv.slice(1));`;
    const viaPlain = reportOf(['--input-type=module', '-e', script, batch, '-f', 'json']);
    expect(viaBin).toEqual(viaPlain);
  });

  it('imports no heavy library at start-up', () => {
    const code = readFileSync(path.join(bundleDir, 'run.js'), 'utf8');
    for (const lib of ['xmllint-wasm', 'sharp', 'music-metadata', 'ajv', 'ora']) {
      expect(code).not.toMatch(new RegExp(`^import [^;]* from "${lib}";`, 'm'));
    }
    // The ISO 639 tables are one generated string, not the iso-639-3 package's 48,000-line module.
    expect(code).not.toContain('node_modules/iso-639-3');
    expect(code.length).toBeLessThan(1_200_000);
  });

  it('loads no zip, hash, child-process, thread or V8 module for a lone message, and each once a run needs it', () => {
    const home = mkdtempSync(path.join(os.tmpdir(), 'ddex-builtins-'));
    try {
      // Node's list of the built-in modules it loaded, written as the process exits.
      const probe = path.join(home, 'probe.cjs');
      writeFileSync(probe, "process.on('exit', () => require('node:fs').writeFileSync(process.env.PROBE_OUT, process.moduleLoadList.join('\\n')));");
      const loaded = (input: string, out: string) => {
        const { status } = spawnSync(process.execPath, ['--require', probe, path.join(cliDir, 'bin/ddex-check.js'), input, '-f', 'json', '-o', path.join(home, `${out}.json`)], {
          cwd: repo,
          env: { ...process.env, NO_COLOR: '1', XDG_CACHE_HOME: home, PROBE_OUT: path.join(home, out) },
          stdio: 'ignore',
        });
        expect(status === 0 || status === 1).toBe(true);
        return new Set(readFileSync(path.join(home, out), 'utf8').split('\n').filter((m) => m.startsWith('NativeModule ')).map((m) => m.slice(13)));
      };
      const lazy = ['zlib', 'crypto', 'child_process', 'worker_threads', 'v8'];
      const message = path.join(batch, '5012345678900.xml');
      loaded(message, 'first');
      const lone = loaded(message, 'lone');
      expect(lazy.filter((m) => lone.has(m))).toEqual([]);
      expect(JSON.parse(readFileSync(path.join(home, 'lone.json'), 'utf8'))[0].checks.length).toBeGreaterThan(0);
      // A zip loads zlib; the folder's media are hashed, which loads crypto.
      expect(loaded(path.join(repo, 'fixtures/bad/zip-corrupt.zip'), 'zip').has('zlib')).toBe(true);
      expect(loaded(batch, 'folder').has('crypto')).toBe(true);
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  });

  it('carries a parse-thread worker beside it that parses', async () => {
    const worker = new Worker(path.join(bundleDir, 'parse-worker.js'));
    try {
      const answers: Record<string, unknown>[] = [];
      const done = new Promise<void>((resolve, reject) => {
        worker.on('message', (m) => {
          answers.push(m);
          if (answers.length === 2) resolve();
        });
        worker.on('error', reject);
      });
      const chunk = new TextEncoder().encode('<r><a>x</a><b/></r>');
      worker.postMessage(chunk.buffer, [chunk.buffer]);
      worker.postMessage(null);
      await done;
      for (const answer of answers) expect(answer).not.toHaveProperty('error');
      expect(answers.some((a) => (a.ops as Int32Array | undefined)?.length)).toBe(true);
    } finally {
      await worker.terminate();
    }
  });

  it('keeps V8 code cache of the CommonJS bundle on every Node, and answers the same with a cache written, read or broken', () => {
    const home = mkdtempSync(path.join(os.tmpdir(), 'ddex-code-cache-'));
    try {
      const env = { ...process.env, NO_COLOR: '1', XDG_CACHE_HOME: home };
      const runBin = (flags: string[] = []) => {
        const out = execFileSync(process.execPath, [...flags, path.join(cliDir, 'bin/ddex-check.js'), batch, '-f', 'json'], { cwd: repo, encoding: 'utf8', env });
        return JSON.parse(JSON.stringify(JSON.parse(out), (key, value) => (/(_ms|_at)$/.test(key) ? undefined : value)));
      };
      const first = runBin();
      const dir = path.join(home, 'ddex-check/v8-code-cache');
      const files = readdirSync(dir);
      expect(files).toHaveLength(1);
      expect(runBin()).toEqual(first);
      writeFileSync(path.join(dir, files[0]), 'not a cache');
      expect(runBin()).toEqual(first);
      // The broken cache was written again, whole: V8 takes it on the next run.
      expect(readFileSync(path.join(dir, files[0])).length).toBeGreaterThan(100_000);
      // Node started with other flags (or another Node) keeps a cache of its own beside it, and
      // each is read, not written again, by its next run.
      expect(runBin(['--stack-size=2000'])).toEqual(first);
      expect(readdirSync(dir).sort()).toHaveLength(2);
      const written = Object.fromEntries(readdirSync(dir).map((name) => [name, statSync(path.join(dir, name)).mtimeMs]));
      runBin();
      runBin(['--stack-size=2000']);
      expect(Object.fromEntries(readdirSync(dir).map((name) => [name, statSync(path.join(dir, name)).mtimeMs]))).toEqual(written);
      expect(first).toEqual(reportOf([path.join(cliDir, 'bin/ddex-check.js'), batch, '-f', 'json']));
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  });
});

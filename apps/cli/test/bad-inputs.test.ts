/**
 * Hostile and broken deliveries through the real bin: each ends with a clear message naming what
 * is wrong and where, and the documented exit code (1: the delivery would be rejected; 2: usage,
 * e.g. a path that does not exist); none crashes (no stack trace, no "internal error").
 */
import { describe, expect, it, beforeAll } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
// @ts-expect-error plain ESM script with a .d.mts beside it
import { makeBadInputs } from '../../../fixtures/scripts/make-bad-inputs.mjs';

const root = path.resolve(__dirname, '../../..');
const bin = path.join(root, 'apps/cli/bin/ddex-check.js');
const bad = path.join(root, 'fixtures/bad');
let zips: Record<string, string> = {};

function cli(...args: string[]) {
  return cliWith({}, ...args);
}

function cliWith(env: Record<string, string>, ...args: string[]) {
  const r = spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1', ...env }, timeout: 60_000 });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

beforeAll(async () => {
  zips = await makeBadInputs(mkdtempSync(path.join(os.tmpdir(), 'ddex-bad-')));
});

describe('bad inputs through ddex-check', () => {
  it.each([
    ['an empty file', () => path.join(bad, 'empty.xml'), /empty/i],
    ['a file that is not XML', () => path.join(bad, 'not-xml.xml'), /not well-formed XML/],
    ['truncated XML', () => path.join(bad, 'truncated.xml'), /ends before <\w+> is closed \(truncated\?\)/],
    ['a billion-laughs DOCTYPE', () => path.join(bad, 'billion-laughs.xml'), /declares entities.*refused/],
    ['an XXE DOCTYPE', () => path.join(bad, 'xxe.xml'), /(declares entities|external DTD).*refused/],
    ['a zip with ../ entries', () => zips['zip-slip.zip'], /"\.\.\/evil\.txt" climbs out of the batch root/],
    ['a zip bomb', () => zips['zip-bomb.zip'], /ratio|zip bomb/i],
    ['a folder without any message', () => path.join(bad, 'no-message'), /no (ERN )?message/i],
    ['an unsupported ERN version', () => path.join(bad, 'unsupported-version.xml'), /ERN 3\.4\.1.*not accepted/],
  ])('%s: exit 1 with a clear message', (_, input, message) => {
    const file = input();
    expect(file, 'fixture generated').toBeTruthy();
    const r = cli(file, '-f', 'json');
    expect(r.err).not.toMatch(/internal error|\n\s+at .+:\d+:\d+/);
    expect(r.code).toBe(1);
    const [report] = JSON.parse(r.out);
    expect(report.verdict).toBe('would_be_rejected');
    const errors = report.checks.filter((c: { status: string }) => c.status === 'error');
    expect(errors.length).toBeGreaterThan(0);
    expect(errors.map((c: { message: string }) => c.message).join('\n')).toMatch(message);
  });

  it('locates the truncation in the text report (file, line and column)', () => {
    const r = cli(path.join(bad, 'truncated.xml'));
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/truncated\.xml/);
    expect(r.out).toMatch(/\d+:\d+\s+error/);
  });

  it('a path that does not exist: exit 2 with a one-line error', () => {
    const r = cli(path.join(bad, 'does-not-exist.zip'));
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/does-not-exist\.zip/);
    expect(r.err).not.toMatch(/\n\s+at .+:\d+:\d+/);
  });

  it('an output path under a file: exit 2 naming the file', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'ddex-out-'));
    writeFileSync(path.join(dir, 'reports'), '');
    for (const args of [['-f', 'json', '-o', path.join(dir, 'reports/today/r.json')], ['--write-baseline', path.join(dir, 'reports/baseline.json')]]) {
      const r = cli(path.join(root, 'fixtures/batches/album-43'), ...args);
      expect(r.code, r.err).toBe(2);
      expect(r.err).toContain(`${path.join(dir, 'reports')} is a file, not a folder`);
      expect(r.err).not.toMatch(/internal error|\n\s+at .+:\d+:\d+/);
    }
  });

  // Node's recursive mkdir never returns there (it spun at full CPU until killed).
  it.runIf(process.platform === 'linux')('an output path under /proc: exit 2 at once, not a hang', () => {
    const r = cli(path.join(root, 'fixtures/batches/album-43'), '-f', 'json', '-o', '/proc/ddex-check-nowhere/r.json');
    expect(r.code, `${r.err} (null: killed by the test's timeout)`).toBe(2);
    expect(r.err).toMatch(/cannot write \/proc\/ddex-check-nowhere\/r\.json: ENOENT/);
  });

  // The caches (the bin's code cache, Node 22+'s compile cache, the engine's compiled schemas) are
  // made under XDG_CACHE_HOME: where they cannot be, the run goes on without them (it hung before,
  // at start on Node 24 and at the end on Node 20).
  it.runIf(process.platform === 'linux')('a cache folder that cannot be made: the run ends as usual', () => {
    const r = cliWith({ XDG_CACHE_HOME: '/proc/ddex-check-nowhere' }, path.join(root, 'fixtures/batches/album-43'), '-f', 'json');
    expect(r.code, `${r.err} (null: killed by the test's timeout)`).toBe(0);
    expect(JSON.parse(r.out)[0].verdict).toBe('would_import');
  });
});

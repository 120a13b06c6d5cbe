/**
 * The CLI as a process among others, through the real bin: a reader that closes the pipe early,
 * inputs this user may not read, and symbolic links that would make a batch reach outside itself.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, cpSync, mkdtempSync, rmSync, symlinkSync, unlinkSync, writeFileSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import yazl from 'yazl';

const root = path.resolve(__dirname, '../../..');
const bin = path.join(root, 'apps/cli/bin/ddex-check.js');
const album = path.join(root, 'fixtures/batches/album-43');
let dir = '';

// Root reads everything (CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH): as root, the unreadable cases run
// the bin as root without those two capabilities (util-linux's setpriv), so permissions apply to it
// as to anyone. Not as another user: the checkout may sit in a folder only root may enter (/root is
// 0700), where another user could not even start the bin.
const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const withoutOverride = ['setpriv', '--bounding-set=-dac_override,-dac_read_search', '--'];

function cli(args: string[], options: { unprivileged?: boolean; noSchemas?: boolean } = {}) {
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1', HOME: dir, XDG_CACHE_HOME: path.join(dir, 'cache') };
  if (options.noSchemas) delete env.DDEX_SCHEMAS_DIR;
  const command = [...(options.unprivileged && asRoot ? withoutOverride : []), process.execPath, bin, ...args];
  const r = spawnSync(command[0], command.slice(1), { encoding: 'utf8', env, timeout: 60_000 });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

function copyAlbum(name: string): string {
  const target = path.join(dir, name);
  cpSync(album, target, { recursive: true });
  return target;
}

beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'ddex-cli-edges-'));
  chmodSync(dir, 0o755);
});
afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('a closed pipe', () => {
  it.each(['json', 'sarif', 'text'])('-f %s to a reader that went away: quiet, the run\'s own exit code', async (format) => {
    const child = spawn(process.execPath, [bin, album, '-f', format], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: '1' } });
    child.stdout.destroy(); // the reader of `| head -1` is gone before the first byte
    let err = '';
    child.stderr.on('data', (d) => (err += d));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(err).not.toMatch(/EPIPE|Unhandled|\n\s+at /);
    expect(code).toBe(0); // the fixture album would import
  });
});

describe('input this user may not read: exit 2 with the path named', () => {
  // The control: the same launch, on input it may read, runs the bin to its verdict, wherever the
  // checkout is (an unprivileged user could not start a bin under /root: every case failed there).
  it('a readable batch, run the same way: its verdict', () => {
    const r = cli([copyAlbum('readable')], { unprivileged: true });
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/would import/);
  });

  it.each([
    ['a message file', () => {
      const file = path.join(dir, 'locked.xml');
      writeFileSync(file, readFileSync(path.join(album, '5012345678900.xml')));
      chmodSync(file, 0);
      return { input: file, named: 'locked.xml' };
    }],
    ['a batch folder', () => {
      const batch = copyAlbum('locked-folder');
      chmodSync(batch, 0);
      return { input: batch, named: 'locked-folder' };
    }],
    ['a subfolder', () => {
      const batch = copyAlbum('locked-sub');
      chmodSync(path.join(batch, 'resources'), 0);
      return { input: batch, named: 'resources' };
    }],
    ['a file inside the batch', () => {
      const batch = copyAlbum('locked-file');
      chmodSync(path.join(batch, 'resources/cover.jpg'), 0);
      return { input: batch, named: 'resources/cover.jpg' };
    }],
  ])('%s', (_, make) => {
    const { input, named } = make();
    const r = cli([input], { unprivileged: true });
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/permission denied/);
    expect(r.err).toContain(named);
    expect(r.err).not.toMatch(/internal error|\n\s+at /);
  });
});

describe('symbolic links', () => {
  it('a link leaving the batch folder is refused, naming the link; nothing of its target is read', () => {
    const batch = copyAlbum('link-out');
    unlinkSync(path.join(batch, 'resources/cover.jpg'));
    symlinkSync('/etc/passwd', path.join(batch, 'resources/cover.jpg'));
    const r = cli([batch, '-f', 'json']);
    expect(r.code).toBe(1);
    const [report] = JSON.parse(r.out);
    const errors = report.checks.filter((c: { status: string }) => c.status === 'error');
    expect(errors).toHaveLength(1);
    expect(errors[0].rule).toBe('package-batch-readable');
    expect(errors[0].message).toMatch(/"resources\/cover\.jpg" is a symbolic link to a place outside the batch/);
    expect(r.out).not.toMatch(/root:x:0:0/);
  });

  it('a link to a file inside the batch is followed', () => {
    const batch = copyAlbum('link-in');
    const cover = path.join(batch, 'resources/cover.jpg');
    cpSync(cover, path.join(batch, 'cover-original.jpg'));
    unlinkSync(cover);
    symlinkSync('../cover-original.jpg', cover);
    const r = cli([batch, '-f', 'json']);
    const [report] = JSON.parse(r.out);
    expect(report.checks.filter((c: { status: string; rule: string }) => c.status === 'error' && c.rule === 'package-batch-readable')).toEqual([]);
    expect(r.code).toBe(0);
  });

  it('a symlink entry in a zip is refused as such', async () => {
    const zipFile = path.join(dir, 'with-link.zip');
    const zip = new yazl.ZipFile();
    zip.addBuffer(readFileSync(path.join(album, '5012345678900.xml')), '5012345678900.xml');
    zip.addBuffer(Buffer.from('/etc/passwd'), 'resources/cover.jpg', { mode: 0o120777 });
    zip.end();
    await new Promise<void>((resolve, reject) => {
      const chunks: Buffer[] = [];
      zip.outputStream.on('data', (c: Buffer) => chunks.push(c)).on('end', () => {
        writeFileSync(zipFile, Buffer.concat(chunks));
        resolve();
      }).on('error', reject);
    });
    const r = cli([zipFile, '-f', 'json']);
    expect(r.code).toBe(1);
    const [report] = JSON.parse(r.out);
    const messages = report.checks.filter((c: { status: string }) => c.status === 'error').map((c: { message: string }) => c.message);
    expect(messages.join('\n')).toMatch(/entry "resources\/cover\.jpg" is a symbolic link/);
  });
});

describe('no DDEX schemas installed', () => {
  it('says on the verdict line that the schema was not checked', () => {
    const r = cli([album], { noSchemas: true });
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/✔ would import \(schema not checked\)/);
    expect(r.err).toMatch(/ddex-check schemas pull 4\.3/);
  });

  it('--require-schemas exits 2, and passes once the schemas are there', () => {
    const missing = cli([album, '--require-schemas'], { noSchemas: true });
    expect(missing.code).toBe(2);
    expect(missing.err).toMatch(/--require-schemas: schema validation could not run/);
    const present = cli([album, '--require-schemas']);
    expect(present.code).toBe(0);
    expect(present.out).not.toMatch(/schema not checked/);
  });
});

describe('a DDEX schema set that is there but broken', () => {
  let schemas = '';
  beforeAll(() => {
    schemas = path.join(dir, 'broken-xsd');
    cpSync(path.join(process.env.DDEX_SCHEMAS_DIR!, 'ern-4.3'), path.join(schemas, 'ern-4.3'), { recursive: true });
    // The set imports its allowed value sets from this file.
    unlinkSync(path.join(schemas, 'ern-4.3', 'allowed-value-sets.xsd'));
  });

  it('names the file and line, and says to mend the set, not to install one', () => {
    const r = cli([album, '--schemas', schemas]);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/would import \(schema not checked\)/);
    expect(r.out).toMatch(/could not be compiled: .*ern-4\.3\/release-notification\.xsd:\d+: schema allowed-value-sets\.xsd not found locally/);
    expect(r.out).toMatch(/hint: The XSD set for ERN 4\.3 was found but is broken or incomplete/);
    expect(r.out).not.toMatch(/hint: Install the DDEX XSD set/);
  });

  it('says the same with libxml2, in its own words', () => {
    const r = cli([album, '--schemas', schemas, '--schema-engine', 'libxml2']);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/would import \(schema not checked\)/);
    expect(r.out).toMatch(/XSD set in .*ern-4\.3 cannot be used/);
    expect(r.out).toMatch(/hint: The XSD set for ERN 4\.3 was found but is broken or incomplete/);
    expect(r.out).not.toMatch(/hint: Install the DDEX XSD set/);
  });
});

describe('small commands', () => {
  it('--version loads nothing but the version', () => {
    // A module hook records every module Node loads for the run: in-thread hooks where Node has them
    // (22.15+; on 24 the off-thread ones of module.register miss the entry point), else module.register.
    const hooks = path.join(dir, 'hooks.mjs');
    const record = `if (url.startsWith('file:')) writeSync(2, 'LOADED ' + url + '\\n');`;
    writeFileSync(hooks, `import { writeSync } from 'node:fs'; export async function load(url, context, next) { ${record} return next(url, context); }`);
    const register = path.join(dir, 'register.mjs');
    writeFileSync(
      register,
      `import module from 'node:module'; import { writeSync } from 'node:fs';
      if (typeof module.registerHooks === 'function') module.registerHooks({ resolve: (s, c, next) => next(s, c), load(url, context, next) { ${record} return next(url, context); } });
      else module.register(${JSON.stringify('file://' + hooks)});`,
    );
    const r = spawnSync(process.execPath, ['--import', register, bin, '--version'], { encoding: 'utf8' });
    expect(r.status).toBe(0);
    expect(r.stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
    const loaded = r.stderr.split('\n').filter((l) => l.startsWith('LOADED ')).map((l) => l.slice(7));
    expect(loaded.some((u) => u.endsWith('/bin/ddex-check.js'))).toBe(true);
    expect(loaded.filter((u) => /\/dist\/|node_modules/.test(u))).toEqual([]);
  });

  it('rules lists every rule, by stage, as text or JSON', () => {
    const all = JSON.parse(cli(['rules', '--format', 'json']).out) as { id: string; stage: string; severity: { recommended: string } }[];
    expect(all.length).toBeGreaterThanOrEqual(72);
    expect(all.map((r) => r.id)).toContain('codes-isrc-syntax');
    const codes = cli(['rules', '--stage', 'codes']);
    expect(codes.code).toBe(0);
    const ids = codes.out.split('\n').slice(1, -2).map((l) => l.split(/\s+/)[0]);
    expect(ids).toEqual(all.filter((r) => r.stage === 'codes').map((r) => r.id));
    // Each rule says where it comes from: the kinds of its sources in the table, each source with --sources, all in JSON.
    const json = JSON.parse(cli(['rules', '--format', 'json', '--stage', 'codes']).out) as { id: string; sources: { kind: string; ref: string; url?: string }[] }[];
    const upc = json.find((r) => r.id === 'codes-upc-present')!;
    expect(upc.sources).toContainEqual({ kind: 'ddex-profile', ref: 'DDEX Release Profiles 2.1 (ERN 4), clause 5.3.1.3(1), rule 1025-1', url: 'https://kb.ddex.net/pages/viewpage.action?pageId=10486276' });
    expect(codes.out.split('\n')[0]).toMatch(/\bsources\b/);
    expect(codes.out.split('\n').find((l) => l.startsWith('codes-upc-present '))).toMatch(/ xsd, ddex-profile, spec  /);
    const withSources = cli(['rules', '--stage', 'codes', '--sources']).out;
    expect(withSources).toContain('    ddex-profile: DDEX Release Profiles 2.1 (ERN 4), clause 5.3.1.3(1), rule 1025-1 <https://kb.ddex.net/pages/viewpage.action?pageId=10486276>');
    for (const r of json) for (const s of r.sources) expect(withSources).toContain(`    ${s.kind}: ${s.ref}`);
    const bad = cli(['rules', '--stage', 'nope']);
    expect(bad.code).toBe(2);
    expect(bad.err).toMatch(/no rule has the stage "nope"/);
  });
});

/**
 * An admin command loads only what it runs: not the S3 client, ssh2, the engine or the driver of
 * the other database. Each of those took 120-420 ms of start-up, and staff (and the tests) run one
 * command per process. The modules the command imports are recorded by a resolve hook in the child.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, SERVER_DIR } from '../../test/support/server-process.js';

const execFileAsync = promisify(execFile);

describe('ddex-server admin start-up', () => {
  let dir: string;
  beforeAll(() => {
    ensureBuilt();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ddex-admin-start-'));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  /** Runs the bin with a hook that writes every module URL it resolves (ESM and CommonJS imported from ESM) to a file. */
  async function modulesOf(args: string[], env: Record<string, string> = {}): Promise<{ stdout: string; urls: string[] }> {
    const log = path.join(dir, `modules-${args.join('-')}.txt`);
    const hook = path.join(dir, 'hook.mjs');
    fs.writeFileSync(hook, `import fs from 'node:fs';\nexport async function resolve(s, c, next) { const r = await next(s, c); fs.appendFileSync(${JSON.stringify(log)}, r.url + '\\n'); return r; }\n`);
    const register = path.join(dir, 'register.mjs');
    fs.writeFileSync(register, `import { register } from 'node:module';\nregister(${JSON.stringify(pathToFileURL(hook).href)});\n`);
    const { stdout } = await execFileAsync(process.execPath, ['--import', pathToFileURL(register).href, path.join(SERVER_DIR, 'bin/ddex-server.js'), 'admin', '--data-dir', path.join(dir, 'data'), '--json', ...args], {
      env: { ...process.env, DATABASE_URL: '', ...env },
    });
    return { stdout, urls: fs.readFileSync(log, 'utf8').trim().split('\n') };
  }

  it('lists accounts without loading the S3 client, ssh2, the engine or PostgreSQL\'s driver', async () => {
    const { stdout, urls } = await modulesOf(['account', 'list']);
    expect(JSON.parse(stdout)).toEqual([]);
    // The hook saw the command's own modules (so an empty list below means something).
    expect(urls.some((u) => u.includes('/kysely/'))).toBe(true);
    expect(urls.some((u) => u.endsWith('/dist/cli.js'))).toBe(true);
    // The engine's `make-folder` subpath (one small module, no other import) is not the engine.
    const loaded = urls.filter((u) => !u.endsWith('/packages/engine/dist/make-folder.js'));
    expect(loaded.filter((u) => /@aws-sdk|\/ssh2\/|packages\/engine|@ddex-check\/engine|\/node_modules\/pg\/|fastify|sharp/.test(u))).toEqual([]);
  });

  it('loads the engine when a command needs its store list', async () => {
    const account = JSON.parse((await modulesOf(['account', 'create', '--name', 'Label', '--email', 'ops@label.test'])).stdout) as { id: number };
    const { stdout, urls } = await modulesOf(['stores', 'set', '--account', String(account.id), '--stores', 'spotify']);
    expect(JSON.parse(stdout)).toMatchObject({ stores: ['spotify'] });
    expect(urls.some((u) => /packages\/engine/.test(u))).toBe(true);
  });
});

// Node's recursive mkdir never returns where a parent exists but cannot hold the folder (a path
// under /proc): the server and its admin commands hung at start, at full CPU, saying nothing.
describe.runIf(process.platform === 'linux')('ddex-server with a data folder that cannot be made', () => {
  beforeAll(() => ensureBuilt());
  const bin = () => path.join(SERVER_DIR, 'bin/ddex-server.js');
  const run = (args: string[]) =>
    new Promise<{ code: number | null; stderr: string }>((resolve) => {
      execFile(process.execPath, [bin(), ...args], { env: { ...process.env, DATABASE_URL: '', SFTP_PORT: '0' }, timeout: 60_000 }, (error, _stdout, stderr) => {
        resolve({ code: error ? ((error as { code?: number }).code ?? null) : 0, stderr });
      });
    });

  it.each([
    ['the server', ['start', '--port', '0', '--host', '127.0.0.1', '--data-dir', '/proc/ddex-check-nowhere']],
    ['an admin command', ['admin', '--data-dir', '/proc/ddex-check-nowhere', 'account', 'list']],
  ])('%s: ends at once, naming the folder', async (_, args) => {
    const { code, stderr } = await run(args);
    expect(code, `${stderr} (null: killed by the test's timeout)`).toBe(1);
    expect(stderr).toContain("mkdir '/proc/ddex-check-nowhere'");
  });
});

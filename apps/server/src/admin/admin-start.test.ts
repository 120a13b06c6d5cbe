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
    expect(urls.filter((u) => /@aws-sdk|\/ssh2\/|packages\/engine|@ddex-check\/engine|\/node_modules\/pg\/|fastify|sharp/.test(u))).toEqual([]);
  });

  it('loads the engine when a command needs its store list', async () => {
    const account = JSON.parse((await modulesOf(['account', 'create', '--name', 'Label', '--email', 'ops@label.test'])).stdout) as { id: number };
    const { stdout, urls } = await modulesOf(['stores', 'set', '--account', String(account.id), '--stores', 'spotify']);
    expect(JSON.parse(stdout)).toMatchObject({ stores: ['spotify'] });
    expect(urls.some((u) => /packages\/engine/.test(u))).toBe(true);
  });
});

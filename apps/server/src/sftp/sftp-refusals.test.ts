/**
 * What the SFTP inbox refuses, with the real OpenSSH client: leaving the root (`cd ..`, `../` inside
 * a batch), files at `/`, symlinks, another account's files, a wrong password (slowed, then the
 * address locked out), shell, exec and forwarding; a batch of random bytes and a lone marker are
 * failed deliveries saying why; a revoked login's session ends. Meanwhile a large upload in another
 * session arrives whole. A second server without the worker role shows a batch sealed by its marker.
 */
import { spawn, execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ssh2 from 'ssh2';
import { backends, bearer, setUpAccount, TestServer } from '../../test/support/server-process.js';
import { waitForDelivery } from '../../test/support/deliveries.js';
import { albumFolder, sftpBatch, uploadBatchCommands, waitFor } from '../../test/support/sftp-client.js';

/** Files under `dir`, recursively, as absolute paths. */
const filesIn = (dir: string): string[] => fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? filesIn(path.join(dir, e.name)) : [path.join(dir, e.name)]));

/** The names of a zip file's entries. */
async function zipEntryNames(file: string): Promise<string[]> {
  const yauzl = await import('yauzl');
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err);
      const names: string[] = [];
      zip.on('entry', (entry: { fileName: string }) => {
        names.push(entry.fileName);
        zip.readEntry();
      });
      zip.on('end', () => resolve(names));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

const sha256 = (file: string) => crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex');

describe.each(backends())('SFTP inbox refusals ($name)', (backend) => {
  let server: TestServer;
  let port: number;
  const local = fs.mkdtempSync(path.join(os.tmpdir(), 'sftp-bad-'));
  const accounts: { a?: Awaited<ReturnType<typeof setUpAccount>> & { login: { username: string; password: string } }; b?: Awaited<ReturnType<typeof setUpAccount>> & { login: { username: string; password: string } } } = {};
  const as = (who: 'a' | 'b', commands: string[], password?: string) => sftpBatch({ port, user: accounts[who]!.login.username, password: password ?? accounts[who]!.login.password, commands, cwd: local });
  const treeOf = (who: 'a' | 'b') => path.join(server.dataDir, 'sftp/accounts', String(accounts[who]!.accountId), 'tree');
  const deliveryOf = async (who: 'a' | 'b', batch: string) =>
    waitFor(`the delivery of ${batch}`, async () => (await (await server.fetch('/v1/ddex', { headers: bearer(accounts[who]!.key) })).json()).data.find((d: any) => d.batch_name === batch));

  beforeAll(async () => {
    server = await TestServer.start(backend, { DELIVERY_POLL_MS: '100', SFTP_FAILED_LOGIN_DELAY_MS: '300', SFTP_LOCKOUT_FAILURES: '4', SFTP_SESSION_CHECK_MS: '300', SFTP_LOGIN_GRACE_MS: '1500', SFTP_MAX_UNAUTHENTICATED_PER_ADDRESS: '4' });
    port = server.sftpPort;
    for (const who of ['a', 'b'] as const) {
      const account = await setUpAccount(server, { scopes: ['ddex:write'] });
      accounts[who] = { ...account, login: await server.admin('sftp', 'create', '--account', String(account.accountId)) };
    }
    fs.writeFileSync(path.join(local, 'note.txt'), 'hello\n');
  });
  afterAll(async () => {
    await server?.stop();
    fs.rmSync(local, { recursive: true, force: true });
  });

  it('keeps every path inside /production and /test, while a 24 MB upload in another session arrives whole', async () => {
    fs.writeFileSync(path.join(local, 'big.bin'), crypto.randomBytes(24 * 1024 * 1024));
    const big = as('a', ['mkdir /production/big', 'put big.bin /production/big/big.bin', 'get /production/big/big.bin big-back.bin']);
    const bad = await as('a', [
      '-cd ..',
      '-ls /..',
      '-get /production/../../etc/passwd passwd',
      '-put note.txt /',
      '-put note.txt /note.txt',
      '-mkdir /elsewhere',
      '-put note.txt /production/note.txt',
      'mkdir /production/b1',
      '-put note.txt /production/b1/../../escape.txt',
      '-put note.txt /production/b1/../../../../tmp/escape.txt',
      '-symlink /etc/passwd /test/passwd-link',
      '-symlink /production /test/link',
      '-rename /production /test/production',
      '-rmdir /test',
      '-rename /production/b1 /b1',
      'ls -1 /',
    ]);
    expect(bad.code, bad.output).toBe(0);
    const bigRun = await big;
    expect(bigRun.code, bigRun.output).toBe(0);
    expect(bad.output).toContain('"/.." leaves your inbox');
    expect(bad.output).toMatch(/dest open "\/note\.txt": Permission denied/);
    expect(bad.output).toMatch(/dest open "\/production\/note\.txt": Permission denied/);
    expect(bad.output).toMatch(/symlink .*Permission denied/);
    expect(fs.existsSync(path.join(local, 'passwd'))).toBe(false);
    // Nothing landed outside the two folders, on the inbox's disk or beside it.
    expect(fs.readdirSync(treeOf('a')).sort()).toEqual(['production', 'test']);
    expect(fs.readdirSync(path.join(treeOf('a'), 'production')).sort()).toEqual(['b1', 'big']);
    expect(fs.readdirSync(path.join(treeOf('a'), 'test'))).toEqual([]);
    expect(fs.existsSync('/tmp/escape.txt')).toBe(false);
    expect(fs.existsSync(path.join(server.dataDir, 'escape.txt'))).toBe(false);
    expect(sha256(path.join(treeOf('a'), 'production/big/big.bin'))).toBe(sha256(path.join(local, 'big.bin')));
    expect(sha256(path.join(local, 'big-back.bin'))).toBe(sha256(path.join(local, 'big.bin')));
  });

  it('tells why in each refusal (the status message, read with the ssh2 client)', async () => {
    const client = new ssh2.Client();
    await new Promise<void>((resolve, reject) => {
      client.once('ready', () => resolve()).once('error', reject);
      client.connect({ host: '127.0.0.1', port, username: accounts.a!.login.username, password: accounts.a!.login.password });
    });
    try {
      const s = await new Promise<ssh2.SFTPWrapper>((resolve, reject) => client.sftp((err, w) => (err ? reject(err) : resolve(w))));
      const refusal = (call: (cb: (err?: Error | null) => void) => void) => new Promise<string>((resolve) => call((err) => resolve(err?.message ?? 'accepted')));
      expect(await refusal((cb) => s.open('/note.txt', 'w', cb))).toMatch(/"\/note\.txt" is not in your inbox: it has only \/production and \/test; put batches in \/production\/<batch>\/ and tests in \/test\//);
      expect(await refusal((cb) => s.mkdir('/elsewhere', cb))).toMatch(/it has only \/production and \/test/);
      expect(await refusal((cb) => s.open('/production/loose.xml', 'w', cb))).toMatch(/put each batch in a folder of its own/);
      expect(await refusal((cb) => s.open('/production/b1/../../../etc/passwd', 'r', cb))).toMatch(/leaves your inbox/);
      expect(await refusal((cb) => s.symlink('/etc/passwd', '/test/link', cb))).toMatch(/symbolic links are not allowed/);
      expect(await refusal((cb) => s.open('/test/x.report.json', 'w', cb))).toMatch(/written by the server/);
      expect(await refusal((cb) => s.rmdir('/test', cb))).toMatch(/cannot be changed/);
    } finally {
      client.end();
    }
  });

  it("never shows one account's files to another login", async () => {
    expect((await as('a', ['put note.txt /test/secret.txt'])).code).toBe(0);
    const other = await as('b', ['-get /test/secret.txt stolen.txt', '-ls /production/big', '-get ../a/test/secret.txt stolen.txt', 'ls -1 /test']);
    expect(other.code, other.output).toBe(0);
    expect(other.output).not.toContain('secret.txt\n');
    expect(fs.existsSync(path.join(local, 'stolen.txt'))).toBe(false);
    expect(fs.readdirSync(path.join(treeOf('b'), 'test'))).toEqual([]);
    // Account b's password does not open account a's login.
    const swapped = await as('a', ['ls /'], accounts.b!.login.password);
    expect(swapped.code).not.toBe(0);
    expect(swapped.output).toMatch(/Permission denied/);
  });

  it('closes a connection that does not log in within the grace time', async () => {
    const socket = net.connect(port, '127.0.0.1');
    const started = Date.now();
    let banner = '';
    socket.on('data', (d) => (banner += d));
    await new Promise((resolve) => socket.on('close', resolve));
    expect(banner).toMatch(/^SSH-2\.0-/);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1400);
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('holds at most 4 connections of one address that have not logged in; the others are closed at once', async () => {
    const open = async () => {
      const socket = net.connect(port, '127.0.0.1');
      let banner = '';
      socket.on('data', (d) => (banner += d));
      const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
      await new Promise((r) => setTimeout(r, 150));
      return { socket, closed, banner: () => banner };
    };
    const held = [await open(), await open(), await open(), await open()];
    expect(held.every((c) => c.banner().startsWith('SSH-2.0-'))).toBe(true);
    const fifth = await open();
    await Promise.race([fifth.closed, new Promise((_, reject) => setTimeout(() => reject(new Error('the fifth connection stayed open')), 1000))]);
    expect(fifth.banner()).toBe('');
    for (const c of held) c.socket.destroy();
    await Promise.all(held.map((c) => c.closed));
    await new Promise((r) => setTimeout(r, 100));
    const run = await as('a', ['ls -1 /']);
    expect(run.code, run.output).toBe(0);
  });

  it('refuses shell, exec and forwarding', async () => {
    const ssh = (args: string[]) => {
      try {
        return { code: 0, out: execFileSync('sshpass', ['-e', 'ssh', '-oStrictHostKeyChecking=no', '-oUserKnownHostsFile=/dev/null', '-oLogLevel=ERROR', '-p', String(port), ...args], { env: { ...process.env, SSHPASS: accounts.a!.login.password }, encoding: 'utf8', timeout: 20_000, stdio: ['ignore', 'pipe', 'pipe'] }) };
      } catch (error) {
        return { code: (error as { status: number }).status, out: String((error as { stderr: string }).stderr) };
      }
    };
    const exec = ssh([`${accounts.a!.login.username}@127.0.0.1`, 'cat /etc/passwd']);
    expect(exec.code).not.toBe(0);
    expect(exec.out).not.toContain('root:');
    const forward = ssh(['-W', '127.0.0.1:22', `${accounts.a!.login.username}@127.0.0.1`]);
    expect(forward.code).not.toBe(0);
  });

  it('fails a batch of random bytes with a marker and a lone marker as deliveries saying why, and tests random bytes as rejected', async () => {
    fs.mkdirSync(path.join(local, 'noise'));
    fs.writeFileSync(path.join(local, 'noise', 'message.xml'), crypto.randomBytes(4096));
    fs.writeFileSync(path.join(local, 'noise', 'BatchComplete_noise.xml'), '<BatchComplete/>');
    fs.mkdirSync(path.join(local, 'lone'));
    fs.writeFileSync(path.join(local, 'lone', 'BatchComplete_lone.xml'), '<BatchComplete/>');
    fs.writeFileSync(path.join(local, 'noise.zip'), crypto.randomBytes(4096));
    const run = await as('a', [...uploadBatchCommands(path.join(local, 'noise'), 'production', 'noise'), ...uploadBatchCommands(path.join(local, 'lone'), 'production', 'lone'), 'put noise.zip /test/noise.zip']);
    expect(run.code, run.output).toBe(0);
    for (const batch of ['noise', 'lone']) {
      const delivery = await waitForDelivery(server, accounts.a!.key, (await deliveryOf('a', batch)).id);
      expect(delivery.status).toBe('failed');
      expect(delivery.error).toMatch(/no ERN message|could not|not/i);
    }
    const tree = path.join(treeOf('a'), 'test');
    await waitFor('the reports of noise.zip', async () => fs.existsSync(path.join(tree, 'noise.report.json')) && fs.existsSync(path.join(tree, 'noise.report.txt')));
    const report = JSON.parse(fs.readFileSync(path.join(tree, 'noise.report.json'), 'utf8'));
    expect(report.verdict).toBe('would_be_rejected');
    expect(fs.readFileSync(path.join(tree, 'noise.report.txt'), 'utf8').length).toBeGreaterThan(10);
  });

  it('logs in with an SSH key added to the login', async () => {
    const keyFile = path.join(local, 'id_ed25519');
    execFileSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-f', keyFile]);
    await server.admin('sftp', 'add-key', '--account', String(accounts.b!.accountId), '--key-file', `${keyFile}.pub`);
    const run = await sftpBatch({ port, user: accounts.b!.login.username, password: 'not-the-password', commands: ['ls -1 /'], cwd: local, extraArgs: ['-i', keyFile, '-oPreferredAuthentications=publickey', '-oIdentitiesOnly=yes'] });
    expect(run.code, run.output).toBe(0);
    expect(run.output).toContain('/production');
  });

  it("ends a revoked login's open session", async () => {
    const child = spawn('sshpass', ['-e', 'sftp', '-oStrictHostKeyChecking=no', '-oUserKnownHostsFile=/dev/null', '-oBatchMode=no', '-oLogLevel=ERROR', '-P', String(port), '-b', '-', `${accounts.b!.login.username}@127.0.0.1`], { cwd: local, env: { ...process.env, SSHPASS: accounts.b!.login.password }, stdio: ['pipe', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
    child.stdin.write('put note.txt /test/opened.txt\n');
    await waitFor('the session', async () => fs.existsSync(path.join(treeOf('b'), 'test/opened.txt')));
    await server.admin('sftp', 'revoke', '--account', String(accounts.b!.accountId));
    // The server disconnects the session; the client notices at its next request.
    await waitFor('the disconnect', async () => /Received disconnect/.test(output), 15_000);
    child.stdin.end('ls /test\n');
    const code = await Promise.race([exited, new Promise<'still open'>((r) => setTimeout(() => r('still open'), 15_000))]);
    child.kill();
    expect(code).not.toBe('still open');
    expect(code).not.toBe(0);
    const again = await as('b', ['ls /']);
    expect(again.code).not.toBe(0);
  });

  it('slows wrong passwords and locks the address out after 4, then lets it in once the lock is over', async () => {
    const started = Date.now();
    const wrong = await as('a', ['ls /'], 'wrong-password');
    expect(wrong.code).not.toBe(0);
    expect(wrong.output).toMatch(/Permission denied/);
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
    for (let i = 0; i < 3; i++) await as('a', ['ls /'], 'wrong-password');
    const locked = await as('a', ['ls /']);
    expect(locked.code, 'the right password is refused while the address is locked').not.toBe(0);
    server.moveClock(16 * 60_000);
    const later = await as('a', ['ls -1 /']);
    expect(later.code, later.output).toBe(0);
    server.moveClock(0);
  });
});

describe.each(backends())('SFTP batch sealed by its marker, no worker running ($name)', (backend) => {
  let server: TestServer;
  const local = fs.mkdtempSync(path.join(os.tmpdir(), 'sftp-sealed-'));
  afterAll(async () => {
    await server?.stop();
    fs.rmSync(local, { recursive: true, force: true });
  });

  it('refuses changes to a batch whose marker arrived, and files above the size limit', async () => {
    server = await TestServer.start(backend, { ROLES: 'api,sftp', DELIVER_RAW_MAX_BYTES: String(1024 * 1024) });
    const port = server.sftpPort;
    const account = await setUpAccount(server, { scopes: ['ddex:write'] });
    const login = await server.admin('sftp', 'create', '--account', String(account.accountId));
    const album = albumFolder(local, 'sealed');
    fs.writeFileSync(path.join(local, 'late.txt'), 'late\n');
    fs.writeFileSync(path.join(local, 'two-mb.bin'), crypto.randomBytes(2 * 1024 * 1024));
    // Two files under the 1 MB file limit, together above it: the batch is larger than a delivery may be.
    fs.mkdirSync(path.join(local, 'toolarge'));
    for (const f of ['a.bin', 'b.bin']) fs.writeFileSync(path.join(local, 'toolarge', f), crypto.randomBytes(700 * 1024));
    fs.writeFileSync(path.join(local, 'toolarge', 'BatchComplete_toolarge.xml'), '<BatchComplete/>');
    // Another session opens a file in the batch and is still writing it when the marker arrives.
    const client = new ssh2.Client();
    await new Promise<void>((resolve, reject) => {
      client.once('ready', () => resolve()).once('error', reject);
      client.connect({ host: '127.0.0.1', port, username: login.username, password: login.password });
    });
    const slow = await new Promise<ssh2.SFTPWrapper>((resolve, reject) => client.sftp((err, s) => (err ? reject(err) : resolve(s))));
    await new Promise<void>((resolve, reject) => slow.mkdir('/production/sealed', (err) => (err ? reject(err) : resolve())));
    const handle = await new Promise<Buffer>((resolve, reject) => slow.open('/production/sealed/slow.flac', 'w', (err, h) => (err ? reject(err) : resolve(h))));
    const write = (offset: number) => new Promise<void>((resolve, reject) => slow.write(handle, Buffer.alloc(1000, 7), 0, 1000, offset, (err) => (err ? reject(err) : resolve())));
    await write(0);
    const run = await sftpBatch({
      port,
      user: login.username,
      password: login.password,
      cwd: local,
      commands: [...uploadBatchCommands(album.dir, 'production', 'sealed').slice(1), '-put late.txt /production/sealed/late.txt', `-rm /production/sealed/${album.upc}.xml`, '-rename /production/sealed /production/other', 'mkdir /production/huge', '-put two-mb.bin /production/huge/two-mb.bin', ...uploadBatchCommands(path.join(local, 'toolarge'), 'production', 'toolarge')],
    });
    expect(run.code, run.output).toBe(0);
    // The sftp process itself zips the sealed batch into the blob store and queues its delivery
    // (the inbox's jobs run where the inbox is), while slow.flac is still open: the zip leaves it out.
    const queued = await waitFor('sealed queued', async () => (await server.admin('sftp', 'batches', '--account', String(account.accountId))).find((b: any) => b.name === 'sealed' && b.status === 'queued'));
    const stored = filesIn(path.join(server.dataDir, 'blobs/batches')).filter((f) => f.endsWith('/sealed.zip'));
    expect(stored).toHaveLength(1);
    expect((await zipEntryNames(stored[0]!)).sort()).toEqual([...album.files, `BatchComplete_${album.upc}.complete`].sort());
    // The slow file is finished after the marker: refused at its close and not kept.
    await write(1000);
    const closed = await new Promise<Error | undefined>((resolve) => slow.close(handle, (err) => resolve(err ?? undefined)));
    client.end();
    expect(closed?.message).toMatch(/completed by its marker before this file was finished/);
    expect(fs.existsSync(path.join(server.dataDir, 'sftp/accounts', String(account.accountId), 'tree/production/sealed/slow.flac'))).toBe(false);
    expect(run.output).toMatch(/late\.txt.*Permission denied/);
    expect(fs.existsSync(path.join(server.dataDir, 'sftp/accounts', String(account.accountId), 'tree/production/sealed/late.txt'))).toBe(false);
    expect(fs.existsSync(path.join(server.dataDir, 'sftp/accounts', String(account.accountId), `tree/production/sealed/${album.upc}.xml`))).toBe(true);
    expect(run.output).toMatch(/two-mb\.bin[\s\S]*(Failure|write)/i);
    expect(fs.existsSync(path.join(server.dataDir, 'sftp/accounts', String(account.accountId), 'tree/production/huge/two-mb.bin'))).toBe(false);
    // The one too large to be a delivery is refused.
    const tooLarge = await waitFor('the refusal of toolarge', async () => (await server.admin('sftp', 'batches', '--account', String(account.accountId))).find((b: any) => b.name === 'toolarge' && b.status === 'failed'));
    expect(tooLarge.error).toMatch(/above the 1048576 a delivery may have/);
    expect(tooLarge.delivery_id).toBeNull();
    const waiting = (await (await server.fetch(`/v1/ddex/${queued.delivery_id}`, { headers: bearer(account.key) })).json()).data;
    expect(waiting.status).toBe('queued');

    // Nothing of the delivery lives in that process: a worker started afterwards (no sftp role) imports it.
    await server.stopProcess();
    await server.start({ ROLES: 'api,worker', DELIVERY_POLL_MS: '100' });
    const done = await waitForDelivery(server, account.key, queued.delivery_id);
    expect(done.status).toBe('done');
    expect(done.items.map((i: any) => i.upc)).toEqual([album.upc]);
  });
});

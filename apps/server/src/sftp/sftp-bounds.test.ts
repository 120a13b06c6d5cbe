/**
 * The SFTP inbox stores no more than a client sends and takes no name it cannot keep (issue 41,
 * defects 2 and 7), on the real server. Writes at chosen offsets and a dropped connection use the
 * ssh2 client (OpenSSH's `sftp` cannot write at an offset); everything else OpenSSH's `sftp -b`.
 * A write that would leave more than the 64 MiB window unwritten is refused, a file closed with
 * holes is not kept, a dropped file is cut back to its written prefix (which `reput` completes,
 * its appends placed in order of arrival);
 * a name whose report or zip would not fit 255 bytes is refused when created, counted in UTF-8,
 * and a batch sealed with such a name before that fails once, saying why, leaving no scratch file.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, bearer, setUpAccount, TestServer } from '../../test/support/server-process.js';
import { waitForDelivery } from '../../test/support/deliveries.js';
import { albumFolder, sftpBatch, uploadBatchCommands, waitFor } from '../../test/support/sftp-client.js';
import { ssh2Sftp } from '../../test/support/ssh2-sftp.js';
import { dbConfigFrom, openDb } from '../db/connect.js';
import { fileArrived } from './arrivals.js';

const MiB = 1024 * 1024;
const GiB = 1024 * MiB;
const sha256 = (file: string) => crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex');
const sizeOf = (dir: string): number => fs.readdirSync(dir, { withFileTypes: true }).reduce((n, e) => n + (e.isDirectory() ? sizeOf(path.join(dir, e.name)) : fs.statSync(path.join(dir, e.name)).size), 0);

describe.each(backends())('SFTP inbox bounds ($name)', (backend) => {
  let server: TestServer;
  let account: Awaited<ReturnType<typeof setUpAccount>>;
  let login: { username: string; password: string };
  const local = fs.mkdtempSync(path.join(os.tmpdir(), 'sftp-bounds-'));
  const sftp = (commands: string[]) => sftpBatch({ port: server.sftpPort, user: login.username, password: login.password, commands, cwd: local });
  const client = () => ssh2Sftp({ port: server.sftpPort, username: login.username, password: login.password });
  const accountDir = () => path.join(server.dataDir, 'sftp/accounts', String(account.accountId));
  const onDisk = (virtual: string) => path.join(accountDir(), 'tree', virtual);
  const batches = () => server.admin('sftp', 'batches', '--account', String(account.accountId));

  beforeAll(async () => {
    server = await TestServer.start(backend, { DELIVERY_POLL_MS: '100' });
    account = await setUpAccount(server, { scopes: ['ddex:write'] });
    login = await server.admin('sftp', 'create', '--account', String(account.accountId));
  });
  afterAll(async () => {
    await server?.stop();
    fs.rmSync(local, { recursive: true, force: true });
  });

  it('refuses one byte written at 3 GiB - 1, and the batch imports without it (issue 41, defect 2)', async () => {
    const c = await client();
    expect(await c.mkdir('/production/b')).toBe('ok');
    const handle = await c.open('/production/b/big.flac', 'w');
    if (typeof handle === 'string') throw new Error(handle);
    const written = await c.write(handle, Buffer.from([1]), 3 * GiB - 1);
    expect(written).toMatch(/this write would leave 3221225471 bytes of the file unwritten below its end \(byte 3221225472\), the first at byte 0; at most 67108864 may be/);
    expect(await c.close(handle)).toMatch(/not stored whole/);
    c.drop();
    expect(fs.existsSync(onDisk('production/b/big.flac'))).toBe(false);

    // The message and its marker, with OpenSSH's sftp: the batch is the album alone.
    const album = albumFolder(local, 'b');
    const run = await sftp(uploadBatchCommands(album.dir, 'production', 'b').slice(1));
    expect(run.code, run.output).toBe(0);
    const listed = await waitFor('the delivery of b', async () => (await (await server.fetch('/v1/ddex', { headers: bearer(account.key) })).json()).data.find((d: any) => d.batch_name === 'b'));
    const delivery = await waitForDelivery(server, account.key, listed.id);
    expect(delivery.status).toBe('done');
    const batch = (await batches()).find((r: any) => r.name === 'b');
    // The zip stores the album's files and a few bytes per entry: bounded by what the client sent.
    // (A bigint column: PostgreSQL's driver gives it as a string.)
    expect(Number(batch.size_bytes)).toBeGreaterThan(sizeOf(album.dir));
    expect(Number(batch.size_bytes)).toBeLessThan(sizeOf(album.dir) + 64 * 1024);
  });

  it('counts every hole a handle leaves, not each write alone, and keeps no file closed with holes', async () => {
    const c = await client();
    expect(await c.mkdir('/production/creep')).toBe('ok');
    const creep = await c.open('/production/creep/a.bin', 'w');
    if (typeof creep === 'string') throw new Error(creep);
    // Each write is within 64 MiB of the one before; together they leave 80 MiB unwritten.
    expect(await c.write(creep, Buffer.from([1]), 40 * MiB)).toBe('ok');
    expect(await c.write(creep, Buffer.from([2]), 80 * MiB)).toMatch(/would leave 83886079 bytes of the file unwritten below its end \(byte 83886081\), the first at byte 0; at most 67108864 may be/);
    expect(await c.close(creep)).toMatch(/not stored whole/);
    expect(fs.existsSync(onDisk('production/creep/a.bin'))).toBe(false);

    // One byte inside the window, then closed: the file has 1 MiB it never received.
    const gap = await c.open('/production/creep/b.bin', 'w');
    if (typeof gap === 'string') throw new Error(gap);
    expect(await c.write(gap, Buffer.from([1]), MiB)).toBe('ok');
    expect(await c.close(gap)).toMatch(/1048576 bytes below its end \(byte 1048577\) were never written, the first at byte 0/);
    expect(fs.existsSync(onDisk('production/creep/b.bin'))).toBe(false);

    // Opened again and again, a file cannot grow by a window each time.
    for (let round = 1; round <= 3; round++) {
      const again = await c.open('/production/creep/c.bin', 'a');
      if (typeof again === 'string') throw new Error(again);
      expect(await c.write(again, Buffer.alloc(1000, round), 0)).toBe('ok');
      expect(await c.close(again)).toBe('ok');
    }
    expect(fs.statSync(onDisk('production/creep/c.bin')).size).toBe(3000);
    c.drop();
  });

  it("cuts a dropped connection's file back to the bytes written in order, and OpenSSH's reput completes it", async () => {
    const bytes = crypto.randomBytes(3 * MiB);
    fs.writeFileSync(path.join(local, 'resume.bin'), bytes);
    const c = await client();
    expect(await c.mkdir('/production/resume')).toBe('ok');
    const handle = await c.open('/production/resume/resume.bin', 'w');
    if (typeof handle === 'string') throw new Error(handle);
    // The first MiB and the third arrived; the second never did when the connection dropped.
    expect(await c.write(handle, bytes.subarray(0, MiB), 0)).toBe('ok');
    expect(await c.write(handle, bytes.subarray(2 * MiB), 2 * MiB)).toBe('ok');
    c.drop();
    await waitFor('the file cut back to its first MiB', async () => fs.statSync(onDisk('production/resume/resume.bin')).size === MiB);

    const run = await sftp(['reput resume.bin /production/resume/resume.bin']);
    expect(run.code, run.output).toBe(0);
    expect(sha256(onDisk('production/resume/resume.bin'))).toBe(sha256(path.join(local, 'resume.bin')));
  });

  it("appends OpenSSH's reput in order, though it sends 64 writes at a time", async () => {
    const bytes = crypto.randomBytes(24 * MiB);
    fs.writeFileSync(path.join(local, 'whole.bin'), bytes);
    fs.writeFileSync(path.join(local, 'start.bin'), bytes.subarray(0, MiB));
    const run = await sftp(['mkdir /production/append', 'put start.bin /production/append/whole.bin', 'reput whole.bin /production/append/whole.bin']);
    expect(run.code, run.output).toBe(0);
    expect(sha256(onDisk('production/append/whole.bin'))).toBe(sha256(path.join(local, 'whole.bin')));
  });

  it('refuses a /test name whose report would not fit 255 bytes when it is created, counted in UTF-8 (issue 41, defect 7)', async () => {
    const single = albumFolder(local, 'single-src');
    fs.copyFileSync(path.join(single.dir, `${single.upc}.xml`), path.join(local, 'single.xml'));
    const long = `${'a'.repeat(251)}.xml`;
    // 'é' is two bytes: 122 of them and .xml are 126 characters, 248 bytes.
    const wide = `${'é'.repeat(122)}.xml`;
    fs.writeFileSync(path.join(local, 'ping.txt'), 'ping\n');
    const run = await sftp([`-put single.xml /test/${long}`, `-put single.xml /test/${wide}`, `-mkdir /test/${'b'.repeat(244)}`, 'put ping.txt /test/ping.txt', `-rename /test/ping.txt /test/${long}`]);
    expect(run.code, run.output).toBe(0);
    // OpenSSH prints the status (Failure), not its message, and cuts long names short.
    expect(run.output.match(/^(dest open|remote mkdir|remote rename) "\/test\/[^\n]*: Failure$/gm), run.output).toHaveLength(4);
    expect(fs.readdirSync(onDisk('test'))).toEqual(['ping.txt']);

    // Why, in the status message (read with the ssh2 client).
    const c = await client();
    expect(await c.open(`/test/${long}`, 'w')).toMatch(/is 255 bytes long: a \/test file's name can be at most 247 bytes \(UTF-8\), as its report <name>\.report\.json must fit the 255-byte limit/);
    expect(await c.open(`/test/${wide}`, 'w')).toMatch(/is 248 bytes long: a \/test file's name can be at most 247 bytes/);
    expect(await c.mkdir(`/test/${'b'.repeat(244)}`)).toMatch(/is 244 bytes long: a \/test batch folder's name can be at most 243 bytes/);
    expect(await c.mkdir(`/production/${'p'.repeat(252)}`)).toMatch(/is 252 bytes long: a batch folder's name can be at most 251 bytes \(UTF-8\), as its import stores it as <name>\.zip/);
    expect(await c.mkdir('/production/fits')).toBe('ok');
    expect(await c.open(`/production/fits/${'f'.repeat(256)}`, 'w')).toMatch(/is 256 bytes long: a name can be at most 255 bytes \(UTF-8\)/);
    expect(await c.mkdir(`/production/fits/${'d/'.repeat(520)}`)).toMatch(/the path is \d+ bytes long: a path can be at most 1024 bytes/);
    c.drop();

    // The longest name that fits (243 bytes before .xml, 'é' included) is tested; its reports are 255 bytes long.
    const longest = `${'é'.repeat(121)}a.xml`;
    const base = longest.slice(0, -4);
    const fits = await sftp([`put single.xml /test/${longest}`]);
    expect(fits.code, fits.output).toBe(0);
    await waitFor('the reports of the longest name', async () => fs.existsSync(onDisk(`test/${base}.report.json`)) && fs.existsSync(onDisk(`test/${base}.report.txt`)));
    expect(Buffer.byteLength(`${base}.report.json`)).toBe(255);
    expect(JSON.parse(fs.readFileSync(onDisk(`test/${base}.report.json`), 'utf8')).source).toBe(longest);
    const rows = await batches();
    expect(rows.map((r: any) => [r.name, r.status])).toEqual(expect.arrayContaining([[longest, 'tested']]));
    expect(rows.some((r: any) => r.name === long || r.name === wide)).toBe(false);
    // No scratch file left by any job.
    expect(fs.readdirSync(path.join(accountDir(), 'work'))).toEqual([]);
  });

  it('fails a batch sealed with too long a name before the limits existed once, saying why, and leaves no scratch file', async () => {
    const single = albumFolder(local, 'legacy-src');
    const testName = `${'t'.repeat(251)}.xml`;
    const batchName = 'p'.repeat(252);
    fs.copyFileSync(path.join(single.dir, `${single.upc}.xml`), onDisk(`test/${testName}`));
    fs.mkdirSync(onDisk(`production/${batchName}`));
    fs.copyFileSync(path.join(single.dir, `${single.upc}.xml`), onDisk(`production/${batchName}/${single.upc}.xml`));
    fs.writeFileSync(onDisk(`production/${batchName}/BatchComplete_${single.upc}.xml`), '<BatchComplete/>');
    // Sealed as the inbox did before it checked names: the real seal, on the server's database.
    const open = openDb(dbConfigFrom(server.dataDir, server.env.DATABASE_URL));
    try {
      const who = { accountId: account.accountId, address: '127.0.0.1', software: 'SSH-2.0-legacy' };
      expect(await fileArrived(open.db, who, { kind: 'entry', virtual: `/test/${testName}`, area: 'test', parts: [testName] })).toBe('test_file');
      expect(await fileArrived(open.db, who, { kind: 'entry', virtual: `/production/${batchName}/BatchComplete_${single.upc}.xml`, area: 'production', parts: [batchName, `BatchComplete_${single.upc}.xml`] })).toBe('production_batch');
      const failed = await waitFor('both batches failed', async () => {
        const rows = (await batches()).filter((r: any) => r.name === testName || r.name === batchName);
        return rows.length === 2 && rows.every((r: any) => r.status === 'failed') && rows;
      });
      expect(failed.find((r: any) => r.name === testName).error).toMatch(/is 255 bytes long: a \/test file's name can be at most 247 bytes/);
      expect(failed.find((r: any) => r.name === batchName).error).toMatch(/is 252 bytes long: a batch folder's name can be at most 251 bytes/);
      // Each job ran once and ended well: no attempt failed on the name.
      const ids = failed.map((r: any) => JSON.stringify({ batchId: r.id }));
      const jobs = await open.db.selectFrom('jobs').select(['attempts', 'status', 'last_error']).where('payload', 'in', ids).execute();
      expect(jobs).toHaveLength(2);
      expect(jobs.map((j) => [j.attempts, j.status, j.last_error])).toEqual([
        [1, 'done', null],
        [1, 'done', null],
      ]);
    } finally {
      await open.close();
    }
    expect(fs.readdirSync(path.join(accountDir(), 'work'))).toEqual([]);
    expect(fs.readdirSync(onDisk('test')).filter((n) => n.startsWith('ttt') && n.includes('.report.'))).toEqual([]);
    expect((await server.admin('test-report', 'list', '--account', String(account.accountId))).some((r: any) => r.name === testName)).toBe(false);
  });
});

describe.each(backends())('SFTP write window set by SFTP_WRITE_WINDOW_BYTES ($name)', (backend) => {
  let server: TestServer | undefined;
  afterAll(async () => {
    await server?.stop();
  });

  it('takes a write leaving up to 1 MiB unwritten and refuses one leaving more; a start with a bad value fails saying why', async () => {
    const bad = await TestServer.create(backend, { SFTP_WRITE_WINDOW_BYTES: '64MB' });
    await expect(bad.start()).rejects.toThrow(/SFTP_WRITE_WINDOW_BYTES must be a whole number of bytes above 0 \(got "64MB"\)/);
    await bad.stop();
    server = await TestServer.start(backend, { SFTP_WRITE_WINDOW_BYTES: String(MiB), ROLES: 'api,sftp' });
    const account = await setUpAccount(server, { scopes: ['ddex:write'] });
    const login = await server.admin('sftp', 'create', '--account', String(account.accountId));
    const c = await ssh2Sftp({ port: server.sftpPort, username: login.username, password: login.password });
    expect(await c.mkdir('/production/small')).toBe('ok');
    const handle = await c.open('/production/small/a.bin', 'w');
    if (typeof handle === 'string') throw new Error(handle);
    // 1 MiB - 1 KiB unwritten below the first write: within; 2 MiB - 2 KiB below the second: beyond.
    expect(await c.write(handle, Buffer.alloc(1024, 1), MiB - 1024)).toBe('ok');
    expect(await c.write(handle, Buffer.alloc(1024, 2), 2 * MiB)).toMatch(/would leave 2096128 bytes of the file unwritten below its end \(byte 2098176\), the first at byte 0; at most 1048576 may be/);
    c.drop();
  });
});

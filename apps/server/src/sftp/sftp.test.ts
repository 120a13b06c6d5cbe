/**
 * The SFTP inbox (issue 15) end to end with the real OpenSSH client (`sftp -b`, password through
 * sshpass): the fixture album delivered into /production becomes a `done` delivery with its items;
 * a test batch and a single XML in /test get both reports, the JSON one equal to what POST
 * /ddex/validate answers for the same bytes, and nothing is created; ping.txt is connection
 * activity; every test is a stored test report; the retention jobs sweep a batch without marker
 * and old /test files after 7 days and test reports after 90, with a moved clock.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ssh2 from 'ssh2';
import { backends, bearer, setUpAccount, TestServer } from '../../test/support/server-process.js';
import { zipOf } from '../../test/support/ddex-fixtures.js';
import { waitForDelivery } from '../../test/support/deliveries.js';
import { albumFolder, sftpBatch, uploadBatchCommands, waitFor } from '../../test/support/sftp-client.js';

const DAY = 86_400_000;

/** The report without the engine's run time and start (the only fields two runs never share). */
function comparable(report: any) {
  const { started_at: _s, duration_ms: _d, ...engine } = report.engine;
  return { ...report, engine };
}

describe.each(backends())('SFTP inbox ($name)', (backend) => {
  let server: TestServer;
  let account: Awaited<ReturnType<typeof setUpAccount>>;
  let login: { username: string; password: string };
  let port: number;
  const local = fs.mkdtempSync(path.join(os.tmpdir(), 'sftp-local-'));
  const sftp = (commands: string[]) => sftpBatch({ port, user: login.username, password: login.password, commands, cwd: local });
  const treeOf = (area: string) => path.join(server.dataDir, 'sftp/accounts', String(account.accountId), 'tree', area);
  const api = (p: string, init: RequestInit = {}) => server.fetch(`/v1${p}`, { ...init, headers: { ...bearer(account.key), ...(init.headers ?? {}) } });

  beforeAll(async () => {
    server = await TestServer.start(backend, { DELIVERY_POLL_MS: '100', SFTP_RETENTION_EVERY_MS: '300', SFTP_FAILED_LOGIN_DELAY_MS: '100' });
    account = await setUpAccount(server, { scopes: ['ddex:write'] });
    login = await server.admin('sftp', 'create', '--account', String(account.accountId));
    port = server.sftpPort;
  });
  afterAll(async () => {
    await server?.stop();
    fs.rmSync(local, { recursive: true, force: true });
  });

  it('shows exactly /production and /test', async () => {
    const run = await sftp(['ls -1 /', 'ls -1']);
    expect(run.code, run.output).toBe(0);
    const listed = run.output.split('\n').filter((l) => l && !l.startsWith('sftp>'));
    expect(listed).toEqual(['/production', '/test', 'production', 'test']);
  });

  it('keeps its host key across restarts and prints the fingerprint clients see', async () => {
    const printed = await server.admin('sftp', 'host-key');
    const seen = () => execFileSync('sh', ['-c', `ssh-keyscan -t ed25519 -p ${port} 127.0.0.1 2>/dev/null | ssh-keygen -lf -`], { encoding: 'utf8' });
    expect(seen()).toContain(printed.fingerprint);
    // Kept in the database, so every sftp process shows it (test/many-processes.test.ts).
    expect(printed.source).toBe('database');
    await server.stopProcess();
    await server.start();
    port = server.sftpPort;
    expect(seen()).toContain(printed.fingerprint);
  });

  it('imports the fixture album delivered into /production/<batch>/ as a done delivery with its items', async () => {
    const album = albumFolder(local, 'album-prod');
    const run = await sftp(uploadBatchCommands(album.dir, 'production', 'album-prod'));
    expect(run.code, run.output).toBe(0);
    const listed = await waitFor('the delivery of album-prod', async () => {
      const body = await (await api('/ddex')).json();
      return body.data.find((d: any) => d.batch_name === 'album-prod');
    });
    const delivery = await waitForDelivery(server, account.key, listed.id);
    expect(delivery.status).toBe('done');
    expect(delivery.batch_name).toBe('album-prod');
    expect(delivery.release_count).toBe(1);
    expect(delivery.items).toHaveLength(1);
    expect(delivery.items[0].outcome).toBe('created');
    expect(delivery.items[0].upc).toBe(album.upc);
    // The folder stays, read-only, for its acknowledgements (sftp-acknowledgements.test.ts) until retention.
    expect(fs.existsSync(path.join(treeOf('production'), 'album-prod', `${album.upc}.xml`))).toBe(true);
    const batches = await server.admin('sftp', 'batches', '--account', String(account.accountId));
    expect(batches.find((b: any) => b.name === 'album-prod')).toMatchObject({ area: 'production', status: 'queued', delivery_id: listed.id });
  });

  it('tests a batch folder and a single XML in /test: both reports beside them, the JSON equal to POST /ddex/validate, nothing created', async () => {
    const album = albumFolder(local, 'album-test');
    const single = albumFolder(local, 'single-src');
    fs.copyFileSync(path.join(single.dir, `${single.upc}.xml`), path.join(local, 'single.xml'));
    const before = (await (await api('/ddex')).json()).data.length;
    const run = await sftp([...uploadBatchCommands(album.dir, 'test', 'album-test'), 'put single.xml /test/single.xml']);
    expect(run.code, run.output).toBe(0);

    const got = path.join(local, 'got');
    fs.mkdirSync(got);
    const names = ['album-test.report.txt', 'album-test.report.json', 'single.report.txt', 'single.report.json'];
    await waitFor('the four reports', async () => names.every((n) => fs.existsSync(path.join(treeOf('test'), n))));
    const fetched = await sftp(names.map((n) => `get /test/${n} got/${n}`));
    expect(fetched.code, fetched.output).toBe(0);

    const batchJson = JSON.parse(fs.readFileSync(path.join(got, 'album-test.report.json'), 'utf8'));
    const singleJson = JSON.parse(fs.readFileSync(path.join(got, 'single.report.json'), 'utf8'));
    expect(batchJson.verdict).toBe('would_import');
    expect(batchJson.summary).toMatchObject({ messages: 1, releases: 1, errors: 0 });
    expect(singleJson.source).toBe('single.xml');

    // The same bytes through the API: the same report.
    const zip = await zipOf(Object.fromEntries(album.files.map((f) => [f, fs.readFileSync(path.join(album.dir, f))])));
    const viaApiBatchAnswer = await api('/ddex/validate?name=album-test.zip', { method: 'POST', headers: { 'content-type': 'application/zip' }, body: new Uint8Array(zip) });
    const viaApiBatch = await viaApiBatchAnswer.json();
    expect(viaApiBatchAnswer.status, JSON.stringify(viaApiBatch)).toBe(200);
    expect(comparable(batchJson)).toEqual(comparable(viaApiBatch.data));
    const xml = fs.readFileSync(path.join(local, 'single.xml'));
    const viaApiSingle = await (await api('/ddex/validate?name=single.xml', { method: 'POST', headers: { 'content-type': 'application/xml' }, body: new Uint8Array(xml) })).json();
    expect(comparable(singleJson)).toEqual(comparable(viaApiSingle.data));

    // The text report is the CLI's, without colours.
    const text = fs.readFileSync(path.join(got, 'album-test.report.txt'), 'utf8');
    expect(text).toContain('album-test');
    expect(text).toContain('would import');
    expect(text).not.toMatch(/\u001b\[/);

    // Nothing created: no delivery, and the release is still unknown to a real delivery (outcome created).
    expect((await (await api('/ddex')).json()).data.length).toBe(before);
    expect(batchJson.releases[0].outcome).toBe('created');

    // Every test is a stored test report: two from SFTP, two from the API.
    const reports = await server.admin('test-report', 'list', '--account', String(account.accountId));
    expect(reports.filter((r: any) => r.source === 'sftp').map((r: any) => r.name).sort()).toEqual(['album-test', 'single.xml']);
    expect(reports.filter((r: any) => r.source === 'api').map((r: any) => r.name).sort()).toEqual(['album-test.zip', 'single.xml']);
    expect(reports.every((r: any) => r.verdict === 'would_import' && r.summary.releases === 1)).toBe(true);
  });

  it('records /test/ping.txt as connection activity of the account', async () => {
    fs.writeFileSync(path.join(local, 'ping.txt'), 'ping\n');
    const run = await sftp(['put ping.txt /test/ping.txt']);
    expect(run.code, run.output).toBe(0);
    const activity = await server.admin('activity', '--account', String(account.accountId));
    const sftpActivity = activity.filter((a: any) => a.kind === 'sftp_connection_test');
    expect(sftpActivity).toHaveLength(1);
    expect(sftpActivity[0].ip).toBe('127.0.0.1');
    expect(sftpActivity[0].user_agent).toMatch(/OpenSSH.*ping\.txt/);
  });

  it('stores writes sent out of order and in parallel at their offsets (ssh2 client)', async () => {
    const bytes = crypto.randomBytes(64 * 65_536 + 1234);
    const client = new ssh2.Client();
    await new Promise<void>((resolve, reject) => {
      client.once('ready', () => resolve()).once('error', reject);
      client.connect({ host: '127.0.0.1', port, username: login.username, password: login.password });
    });
    try {
      const sftpSession = await new Promise<ssh2.SFTPWrapper>((resolve, reject) => client.sftp((err, s) => (err ? reject(err) : resolve(s))));
      await new Promise<void>((resolve, reject) => sftpSession.mkdir('/production/shuffled', (err) => (err ? reject(err) : resolve())));
      const handle = await new Promise<Buffer>((resolve, reject) => sftpSession.open('/production/shuffled/data.bin', 'w', (err, h) => (err ? reject(err) : resolve(h))));
      const offsets = Array.from({ length: Math.ceil(bytes.length / 65_536) }, (_, i) => i * 65_536).sort(() => Math.random() - 0.5);
      // Every chunk in flight at once, the last one first.
      offsets.unshift(...offsets.splice(offsets.indexOf(64 * 65_536), 1));
      await Promise.all(
        offsets.map((offset) => {
          const chunk = bytes.subarray(offset, offset + 65_536);
          return new Promise<void>((resolve, reject) => sftpSession.write(handle, chunk, 0, chunk.length, offset, (err) => (err ? reject(err) : resolve())));
        }),
      );
      await new Promise<void>((resolve, reject) => sftpSession.close(handle, (err) => (err ? reject(err) : resolve())));
    } finally {
      client.end();
    }
    const stored = fs.readFileSync(path.join(treeOf('production'), 'shuffled/data.bin'));
    expect(stored.length).toBe(bytes.length);
    expect(stored.equals(bytes)).toBe(true);
  });

  it('sweeps a batch without marker and everything in /test after 7 days, test reports after 90', async () => {
    const lonely = albumFolder(local, 'no-marker');
    expect((await sftp(uploadBatchCommands(lonely.dir, 'production', 'no-marker', { marker: false }))).code).toBe(0);
    const testEntries = () => fs.readdirSync(treeOf('test'));
    expect(testEntries().length).toBeGreaterThan(0);

    // Six days on: nothing is old enough.
    server.moveClock(6 * DAY);
    await new Promise((r) => setTimeout(r, 1500));
    expect(fs.existsSync(path.join(treeOf('production'), 'no-marker'))).toBe(true);
    expect(testEntries().length).toBeGreaterThan(0);
    const late = albumFolder(local, 'later');
    expect((await sftp(uploadBatchCommands(late.dir, 'production', 'later', { marker: false }))).code).toBe(0);

    // Eight days on: the first batch and /test are swept; the batch begun on day six stays.
    server.moveClock(8 * DAY);
    await waitFor('the sweep of no-marker', async () => !fs.existsSync(path.join(treeOf('production'), 'no-marker')));
    await waitFor('the sweep of /test', async () => testEntries().length === 0);
    expect(fs.existsSync(path.join(treeOf('production'), 'later'))).toBe(true);
    const listed = await sftp(['ls -1 /production', 'ls -1 /test']);
    expect(listed.output).toContain('later');
    expect(listed.output).not.toContain('no-marker');

    // Test reports stay 90 days.
    expect((await server.admin('test-report', 'list', '--account', String(account.accountId))).length).toBe(4);
    server.moveClock(91 * DAY);
    await waitFor('the sweep of test reports', async () => (await server.admin('test-report', 'list', '--account', String(account.accountId))).length === 0);
    server.moveClock(0);
  });
});

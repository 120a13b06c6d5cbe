/**
 * Several processes by role on one database and one S3-compatible store, each with a data
 * directory of its own, as on separate machines (issue 46): nothing a process keeps on its own disk
 * may be needed by another. Each check here failed before its fix:
 * - two sftp processes show clients the same host key (it was a file in each data directory);
 * - a webhook secret made by an api process is signed with by a worker (the key that encrypts it
 *   was a file in each data directory: the worker could not decrypt it, nothing was sent);
 * - an SFTP batch sealed on the sftp process becomes a delivery a worker imports, and its
 *   acknowledgement is written beside it (the batch's jobs ran on a worker, which has no inbox).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { backends, bearer, setUpAccount, TestServer } from './support/server-process.js';
import { startHttpsReceiver } from './support/https-receiver.js';
import { startS3Server } from './support/s3-server.mjs';
import { audioMessage } from './support/ddex-fixtures.js';
import { deliver, waitForDelivery } from './support/deliveries.js';
import { albumFolder, sftpBatch, uploadBatchCommands, waitFor } from './support/sftp-client.js';

const fingerprintAt = (port: number) => execFileSync('sh', ['-c', `ssh-keyscan -t ed25519 -p ${port} 127.0.0.1 2>/dev/null | ssh-keygen -lf -`], { encoding: 'utf8' }).split(' ')[1];

describe.each(backends())('many processes, no shared disk ($name)', (backend) => {
  let s3: Awaited<ReturnType<typeof startS3Server>>;
  let receiver: Awaited<ReturnType<typeof startHttpsReceiver>>;
  let api: TestServer;
  const others: TestServer[] = [];
  const local = fs.mkdtempSync(path.join(os.tmpdir(), 'many-processes-'));

  beforeAll(async () => {
    s3 = await startS3Server();
    receiver = await startHttpsReceiver();
    const env = { ...s3.env, WEBHOOKS_ALLOW_LOOPBACK_FOR_TESTS: '1', WEBHOOKS_CA_FILE: receiver.cert, WEBHOOKS_FANOUT_MS: '200', DELIVERY_POLL_MS: '100', SFTP_ACK_EVERY_MS: '200', SFTP_FAILED_LOGIN_DELAY_MS: '100' };
    api = await TestServer.start(backend, { ...env, ROLES: 'api' });
    for (const roles of ['worker', 'sftp']) {
      const other = TestServer.alongside(api, { ROLES: roles });
      others.push(other);
      await other.start();
    }
  });
  afterAll(async () => {
    for (const other of others) await other.stop();
    await api?.stop();
    await receiver?.close();
    await s3?.close();
    fs.rmSync(local, { recursive: true, force: true });
  });

  const sftpProcesses = () => others.filter((o) => o.sftpPort > 0);

  it('shows the same SSH host key from every sftp process, the one the admin command prints', async () => {
    const [a] = sftpProcesses();
    // One more, on a disk of its own (the inbox's folders would need the shared volume; its key does not).
    const b = TestServer.alongside(api, { ROLES: 'sftp' });
    try {
      await b.start();
      const printed = await api.admin<{ fingerprint: string; source: string }>('sftp', 'host-key');
      expect(printed.source).toBe('database');
      expect(fingerprintAt(a.sftpPort)).toBe(printed.fingerprint);
      expect(fingerprintAt(b.sftpPort)).toBe(printed.fingerprint);
      // No process keeps a key file of its own.
      for (const p of [api, b, ...others]) expect(fs.existsSync(path.join(p.dataDir, 'sftp/host-key'))).toBe(false);
    } finally {
      await b.stop();
    }
  });

  it('signs webhooks on a worker with the secret an api process made, verified by standardwebhooks', async () => {
    const account = await setUpAccount(api, { scopes: ['ddex:write', 'webhooks:write'] });
    const created = await api.fetch('/v1/webhooks', { method: 'POST', headers: { ...bearer(account.key), 'content-type': 'application/json' }, body: JSON.stringify({ url: receiver.url, events: ['ddex.delivery.done'] }) });
    expect(created.status).toBe(201);
    const { secret } = await created.json();
    const accepted = await deliver(api, account.key, audioMessage().xml, { query: '?name=one.xml', contentType: 'application/xml' });
    expect((await waitForDelivery(api, account.key, accepted.id)).status).toBe('done');
    await receiver.waitFor('ddex.delivery.done');
    const event = receiver.received.find((r) => JSON.parse(r.body).type === 'ddex.delivery.done')!;
    const verified = new Webhook(secret).verify(event.body, event.headers) as { id: string; data: { delivery: { id: number } } };
    expect(verified.data.delivery.id).toBe(accepted.id);
    expect(event.headers['webhook-id']).toBe(verified.id);
  });

  it('imports an SFTP batch sealed on an sftp process on a worker, and acknowledges it beside the batch', async () => {
    const account = await setUpAccount(api, { scopes: ['ddex:write'] });
    const login = await api.admin<{ username: string; password: string }>('sftp', 'create', '--account', String(account.accountId));
    const [inbox] = sftpProcesses();
    const album = albumFolder(local, 'far-batch');
    const run = await sftpBatch({ port: inbox.sftpPort, user: login.username, password: login.password, commands: uploadBatchCommands(album.dir, 'production', 'far-batch'), cwd: local });
    expect(run.code, run.output).toBe(0);
    const listed = await waitFor('the delivery of far-batch', async () => (await (await api.fetch('/v1/ddex', { headers: bearer(account.key) })).json()).data.find((d: any) => d.batch_name === 'far-batch'));
    expect((await waitForDelivery(api, account.key, listed.id)).status).toBe('done');
    // The acknowledgement is written into the inbox of the process that holds it.
    const ack = path.join(inbox.dataDir, 'sftp/accounts', String(account.accountId), 'tree/production/far-batch', `ACK_${album.upc}.xml`);
    await waitFor('the acknowledgement', async () => fs.existsSync(ack));
    expect(fs.readFileSync(ack, 'utf8')).toContain('<FileStatus>FileOK</FileStatus>');
  });
});

describe.each(backends())('upgrading from key files in the data directory ($name)', (backend) => {
  let server: TestServer | undefined;
  afterAll(async () => {
    await server?.stop();
  });

  it('takes the host key file an earlier version made into the database: clients see the same host', async () => {
    server = await TestServer.create(backend);
    const file = path.join(server.dataDir, 'sftp/host-key');
    fs.mkdirSync(path.dirname(file), { recursive: true });
    execFileSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-f', file]);
    const before = execFileSync('ssh-keygen', ['-lf', file], { encoding: 'utf8' }).split(' ')[1];
    await server.start();
    expect(fingerprintAt(server.sftpPort)).toBe(before);
    // A process elsewhere, without the file, shows it too: it comes from the database now.
    const elsewhere = TestServer.alongside(server, { ROLES: 'sftp' });
    try {
      await elsewhere.start();
      expect(fingerprintAt(elsewhere.sftpPort)).toBe(before);
    } finally {
      await elsewhere.stop();
    }
  });
});

/**
 * A part PUT already running when its upload is committed or deleted (issue 41, defect 3), on the
 * real server over raw HTTP: the slow PUT is let through its checks, then the commit or the DELETE
 * runs, then the rest of the part's body arrives. The late PUT is refused with a clear error, its
 * bytes are not stored anywhere (no orphan part, no scratch file), and the delivered batch is the
 * one the commit checked. On an S3 store the parts go to S3 itself, which answers their PUTs: a
 * part sent again after the commit is found by its ETag when the worker joins the parts, and the
 * delivery fails saying so (s3rver, the test's S3, does not compare ETags itself; S3 does).
 */
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, bearer, setUpAccount, TestServer } from '../../../test/support/server-process.js';
import { audioMessage } from '../../../test/support/ddex-fixtures.js';
import { waitForDelivery } from '../../../test/support/deliveries.js';
import { startS3Server, type S3TestServer } from '../../../test/support/s3-server.mjs';

/** Every file under `dir` (recursively), relative to it. */
function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
}

/** Two ERN messages of the same length (the second padded with trailing white space), each with its own UPC. */
function twoMessages(): [{ xml: Buffer; upc: string }, { xml: Buffer; upc: string }] {
  const a = audioMessage({ title: 'Checked by the commit' });
  const b = audioMessage({ title: 'Sent late' });
  const [x, y] = [Buffer.from(a.xml), Buffer.from(b.xml)];
  const length = Math.max(x.length, y.length);
  const pad = (buf: Buffer) => Buffer.concat([buf, Buffer.alloc(length - buf.length, '\n')]);
  return [{ xml: pad(x), upc: a.upc }, { xml: pad(y), upc: b.upc }];
}

/**
 * A PUT of `body` on its own connection: the head and the first half go now, the rest when
 * `finish()` is called, which answers the server's status and body.
 */
function slowPut(url: string, body: Buffer) {
  const target = new URL(url);
  const socket = net.connect(Number(target.port), target.hostname);
  const chunks: Buffer[] = [];
  socket.on('data', (d: Buffer) => chunks.push(d));
  const closed = new Promise<void>((resolve, reject) => {
    socket.on('close', () => resolve());
    socket.on('error', reject);
  });
  const half = Math.floor(body.length / 2);
  socket.write(`PUT ${target.pathname}${target.search} HTTP/1.1\r\nHost: ${target.host}\r\nConnection: close\r\nContent-Type: application/octet-stream\r\nContent-Length: ${body.length}\r\n\r\n`);
  socket.write(body.subarray(0, half));
  return {
    async finish(): Promise<{ status: number; body: any }> {
      socket.write(body.subarray(half));
      await closed;
      const text = Buffer.concat(chunks).toString('utf8');
      const split = text.indexOf('\r\n\r\n');
      return { status: Number(text.slice(0, split).split(' ')[1]), body: JSON.parse(text.slice(split + 4)) };
    },
  };
}

describe.each(backends())('a part PUT overtaken by a commit or a DELETE ($name)', (backend) => {
  let server: TestServer;
  let account: Awaited<ReturnType<typeof setUpAccount>>;
  beforeAll(async () => {
    // No delivery worker at first: the committed parts stay on disk to be looked at.
    server = await TestServer.start(backend, { DELIVERY_POLL_MS: '100', DELIVERY_WORKER: '0' });
    account = await setUpAccount(server, { scopes: ['ddex:write'] });
  });
  afterAll(() => server?.stop());

  const api = (method: string, p: string, body?: unknown) =>
    server.fetch(`/v1${p}`, { method, headers: { ...bearer(account.key), ...(body ? { 'content-type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined });
  const scratch = () => filesUnder(path.join(server.dataDir, 'blobs/tmp'));
  const partsOf = (id: number) => path.join(server.dataDir, 'blobs/uploads', String(id));
  /** Waits until the slow PUT's body is being written to a scratch file: it has passed every check made before the body. */
  const receiving = async () => {
    for (let i = 0; i < 200 && scratch().length === 0; i++) await new Promise((r) => setTimeout(r, 25));
    expect(scratch()).toHaveLength(1);
  };

  it('refuses a part that arrives after the commit, and delivers exactly what the commit checked', async () => {
    const [checked, late] = twoMessages();
    const created = await api('POST', '/ddex/uploads', { name: 'late.xml', size: checked.xml.length });
    expect(created.status).toBe(201);
    const upload = (await created.json()).data;
    expect((await fetch(upload.upload.url, { method: 'PUT', body: new Uint8Array(checked.xml) })).status).toBe(200);

    const put = slowPut(upload.upload.url, late.xml);
    await receiving();
    const commit = await api('POST', `/ddex/uploads/${upload.id}/commit`);
    expect(commit.status).toBe(202);
    const deliveryId = (await commit.json()).data.id;

    const answer = await put.finish();
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({ code: 'already_committed', error: expect.stringMatching(/committed while this part was being sent; the part was not stored/) });
    // The stored part is still the one the commit checked; the late bytes are nowhere.
    expect(fs.readFileSync(path.join(partsOf(upload.id), 'part-1'))).toEqual(checked.xml);
    expect(filesUnder(partsOf(upload.id))).toEqual(['part-1']);
    expect(scratch()).toEqual([]);

    // A worker now takes the delivery: the batch is the committed one.
    await server.stopProcess();
    await server.start({ DELIVERY_WORKER: '1' });
    const delivery = await waitForDelivery(server, account.key, deliveryId);
    expect(delivery).toMatchObject({ status: 'done', created_count: 1 });
    expect(delivery.items.map((i: { upc: string }) => i.upc)).toEqual([checked.upc]);
    expect(fs.existsSync(partsOf(upload.id))).toBe(false);
    expect(scratch()).toEqual([]);
    await server.stopProcess();
    await server.start({ DELIVERY_WORKER: '0' });
  });

  it('refuses a part that arrives after a DELETE, leaving nothing of the upload on disk', async () => {
    const [first, late] = twoMessages();
    const created = await api('POST', '/ddex/uploads', { name: 'gone.xml', size: first.xml.length });
    const upload = (await created.json()).data;
    expect((await fetch(upload.upload.url, { method: 'PUT', body: new Uint8Array(first.xml) })).status).toBe(200);

    const put = slowPut(upload.upload.url, late.xml);
    await receiving();
    expect(await (await api('DELETE', `/ddex/uploads/${upload.id}`)).json()).toEqual({ data: { id: upload.id, deleted: true } });
    expect(fs.existsSync(partsOf(upload.id))).toBe(false);

    const answer = await put.finish();
    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({ code: 'not_found', error: expect.stringMatching(/was deleted .* while this part was being sent; the part was not stored/) });
    expect(fs.existsSync(partsOf(upload.id))).toBe(false);
    expect(scratch()).toEqual([]);
  });

  it('stores a part already running when a commit finds the upload incomplete: the upload is still open', async () => {
    const [only] = twoMessages();
    const created = await api('POST', '/ddex/uploads', { name: 'open.xml', size: only.xml.length });
    const upload = (await created.json()).data;
    // The part is not there yet when the commit runs: 409 upload_incomplete, the upload stays open,
    // and the PUT that was already running is stored (the upload was open when it was stored).
    const put = slowPut(upload.upload.url, only.xml);
    await receiving();
    const incomplete = await api('POST', `/ddex/uploads/${upload.id}/commit`);
    expect(incomplete.status).toBe(409);
    expect((await incomplete.json()).missing).toEqual([1]);
    const answer = await put.finish();
    expect(answer.status).toBe(200);
    expect(fs.readFileSync(path.join(partsOf(upload.id), 'part-1'))).toEqual(only.xml);
    expect((await api('POST', `/ddex/uploads/${upload.id}/commit`)).status).toBe(202);
    expect(scratch()).toEqual([]);
  });
});

describe.each(backends())('a part sent to S3 after the commit ($name)', (backend) => {
  let server: TestServer;
  let s3: S3TestServer;
  let account: Awaited<ReturnType<typeof setUpAccount>>;
  beforeAll(async () => {
    s3 = await startS3Server();
    server = await TestServer.start(backend, { DELIVERY_POLL_MS: '100', DELIVERY_WORKER: '0', ...s3.env });
    account = await setUpAccount(server, { scopes: ['ddex:write'] });
  });
  afterAll(async () => {
    await server?.stop();
    await s3?.close();
  });

  it('fails the delivery rather than deliver a batch other than the one committed, and aborts the S3 upload', async () => {
    const [checked, late] = twoMessages();
    const created = await server.fetch('/v1/ddex/uploads', { method: 'POST', headers: { ...bearer(account.key), 'content-type': 'application/json' }, body: JSON.stringify({ name: 'late.xml', size: checked.xml.length }) });
    const upload = (await created.json()).data;
    expect((await fetch(upload.upload.url, { method: 'PUT', body: new Uint8Array(checked.xml) })).status).toBe(200);
    const commit = await server.fetch(`/v1/ddex/uploads/${upload.id}/commit`, { method: 'POST', headers: bearer(account.key) });
    expect(commit.status).toBe(202);
    // S3 itself answers this PUT (its URL is still valid): the server cannot refuse it.
    expect((await fetch(upload.upload.url, { method: 'PUT', body: new Uint8Array(late.xml) })).status).toBe(200);

    await server.stopProcess();
    await server.start({ DELIVERY_WORKER: '1' });
    const delivery = await waitForDelivery(server, account.key, (await commit.json()).data.id);
    expect(delivery).toMatchObject({ status: 'failed', items: [], error: expect.stringMatching(/^Part 1 of the upload was sent again after the commit/) });
    // The S3 multipart upload is aborted: none of its parts stays in the bucket.
    const s3UploadId = new URL(upload.upload.url).searchParams.get('uploadId')!;
    const left = () => filesUnder(s3.directory).filter((f) => f.split(path.sep).includes(s3UploadId));
    for (let i = 0; i < 100 && left().length > 0; i++) await new Promise((r) => setTimeout(r, 50));
    expect(left()).toEqual([]);
    expect(filesUnder(s3.directory).some((f) => f.includes(`uploads/${upload.id}/`))).toBe(false);
    expect(filesUnder(path.join(server.dataDir, 'blobs/tmp'))).toEqual([]);
  });
});

/**
 * Direct uploads (issue 14) on both blob stores, the local folder and an S3-compatible server
 * (s3rver on loopback, SigV4 checked): a 200 MB batch uploaded in parts by parallel clients in
 * shuffled order, a part re-sent, a wrong-size part, upload_incomplete, the fix, the commit
 * (exactly one of two racing commits wins), the delivery done; single-URL uploads; refused URLs
 * and bodies storing nothing; delete; the 7-day retention with a moved clock.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yazl from 'yazl';
import { backends, bearer, setUpAccount, TestServer } from '../../../test/support/server-process.js';
import { expectError, expectSchema } from '../../../test/support/api-schemas.js';
import { albumZip } from '../../../test/support/ddex-fixtures.js';
import { waitForDelivery } from '../../../test/support/deliveries.js';
import { startS3Server, type S3TestServer } from '../../../test/support/s3-server.mjs';

/** The fixture album with `padMb` of random (incompressible, stored) padding: a batch of about that size. */
async function paddedAlbum(padMb: number): Promise<Buffer> {
  const { zip } = await albumZip();
  const inner = new yazl.ZipFile();
  // The album's own files, then the padding (stored, not deflated: random bytes do not compress).
  const yauzl = await import('yauzl');
  await new Promise<void>((resolve, reject) => {
    yauzl.fromBuffer(zip, { lazyEntries: true }, (err, file) => {
      if (err || !file) return reject(err);
      file.readEntry();
      file.on('entry', (entry) => {
        file.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            inner.addBuffer(Buffer.concat(chunks), entry.fileName);
            file.readEntry();
          });
        });
      });
      file.on('end', resolve);
    });
  });
  inner.addBuffer(crypto.randomBytes(padMb * 1024 * 1024), 'extras/padding.bin', { compress: false });
  inner.end();
  const chunks: Buffer[] = [];
  for await (const c of inner.outputStream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

type Store = 'local' | 's3';
const cases = backends().flatMap((backend) => (['local', 's3'] as Store[]).map((store) => ({ backend, store, name: `${store} store, ${backend.name}` })));

/** Every file under `dir` (recursively), as paths relative to it. */
function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
}

describe.each(cases)('direct uploads ($name)', ({ backend, store }) => {
  let server: TestServer;
  let s3: S3TestServer | null = null;
  let account: Awaited<ReturnType<typeof setUpAccount>>;
  beforeAll(async () => {
    if (store === 's3') s3 = await startS3Server();
    server = await TestServer.start(backend, { DELIVERY_POLL_MS: '100', UPLOAD_RETENTION_EVERY_MS: '300', ...(s3?.env ?? {}) });
    account = await setUpAccount(server, { scopes: ['ddex:write'] });
  });
  afterAll(async () => {
    await server?.stop();
    await s3?.close();
  });

  const api = (method: string, p: string, body?: unknown, key = account.key) =>
    server.fetch(`/v1${p}`, { method, headers: { ...bearer(key), ...(body ? { 'content-type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined });
  const start = async (name: string, size: number) => {
    const response = await api('POST', '/ddex/uploads', { name, size });
    const body = await response.json();
    expect(response.status, JSON.stringify(body)).toBe(201);
    expectSchema(body, 'upload-response.schema.json');
    return body.data;
  };
  const put = (url: string, bytes: Buffer) => fetch(url, { method: 'PUT', body: new Uint8Array(bytes) });
  const firstUrl = (upload: { upload: { url: string | null; parts: { url: string }[] } }) => upload.upload.url ?? upload.upload.parts[0].url;
  /**
   * The part files the store holds for an upload: the local folder's `uploads/<id>/`, or s3rver's
   * folder of the S3 multipart upload named in the part URLs.
   */
  const storedParts = (upload: { id: number; upload: { url: string | null; parts: { url: string }[] } }): string[] => {
    if (store === 'local') return filesUnder(path.join(server.dataDir, 'blobs/uploads', String(upload.id)));
    const s3UploadId = new URL(firstUrl(upload)).searchParams.get('uploadId')!;
    return filesUnder(s3!.directory).filter((f) => f.split(path.sep).includes(s3UploadId) && /^\d+$/.test(path.basename(f)));
  };
  const scratchFiles = () => filesUnder(path.join(server.dataDir, 'blobs/tmp'));

  it('takes a 200 MB batch in parallel, shuffled parts, refuses an incomplete commit, then delivers it once', async () => {
    const batch = await paddedAlbum(200);
    const upload = await start('big-album.zip', batch.length);
    expect(upload.upload.method).toBe('multipart');
    const partSize: number = upload.upload.part_size;
    expect(partSize).toBeGreaterThanOrEqual(5 * 1024 * 1024);
    const parts: { part_number: number; url: string }[] = upload.upload.parts;
    expect(parts.length).toBe(Math.ceil(batch.length / partSize));
    // S3's own presigned UploadPart URLs on the S3 store: the parts never pass through the server.
    if (store === 's3') for (const p of parts) expect(p.url.startsWith(s3!.endpoint)).toBe(true);
    const slice = (n: number) => batch.subarray((n - 1) * partSize, Math.min(batch.length, n * partSize));

    // All but the last part, shuffled, by 4 parallel clients; part 2 arrives short. The local store
    // takes it (and the commit calls it wrong_size); S3 refuses it, its URL being signed for the size.
    const queue = parts.slice(0, -1).sort(() => Math.random() - 0.5);
    await Promise.all(Array.from({ length: 4 }, async () => {
      for (let p = queue.pop(); p; p = queue.pop()) {
        const short = p.part_number === 2;
        const response = await put(p.url, short ? slice(2).subarray(0, 1000) : slice(p.part_number));
        expect(response.status).toBe(short && store === 's3' ? 403 : 200);
      }
    }));
    // Part 1 sent again: it replaces the first copy.
    expect((await put(parts[0].url, slice(1))).status).toBe(200);

    const status = (await (await api('GET', `/ddex/uploads/${upload.id}`)).json()).data;
    expect(status).toMatchObject({ status: 'uploading', received_parts: parts.length - 2, parts_total: parts.length });
    // Fresh URLs for what is still to send: the short part and the last one.
    expect(status.upload.parts.map((p: { part_number: number }) => p.part_number)).toEqual([2, parts.length]);

    const incomplete = await expectError(await api('POST', `/ddex/uploads/${upload.id}/commit`), 409, 'upload_incomplete');
    expect(incomplete).toMatchObject(store === 'local' ? { missing: [parts.length], wrong_size: [2] } : { missing: [2, parts.length], wrong_size: [] });

    expect((await put(status.upload.parts[0].url, slice(2))).status).toBe(200);
    expect((await put(status.upload.parts[1].url, slice(parts.length))).status).toBe(200);
    expect(storedParts(upload)).toHaveLength(parts.length);

    // Two commits at once: exactly one wins.
    const commits = await Promise.all([api('POST', `/ddex/uploads/${upload.id}/commit`), api('POST', `/ddex/uploads/${upload.id}/commit`)]);
    const won = commits.filter((r) => r.status === 202);
    expect(won).toHaveLength(1);
    const lost = commits.find((r) => r.status !== 202)!;
    expect(lost.status).toBe(409);
    expect(['commit_in_progress', 'already_committed']).toContain((await lost.json()).code);
    const queued = (await won[0].json()).data;
    expect(queued).toMatchObject({ status: 'queued', environment: 'production' });

    const delivery = await waitForDelivery(server, account.key, queued.id);
    expect(delivery).toMatchObject({ status: 'done', batch_name: 'big-album.zip', created_count: 1 });
    expect(delivery.items).toHaveLength(1);
    const after = (await (await api('GET', `/ddex/uploads/${upload.id}`)).json()).data;
    expect(after).toMatchObject({ status: 'committed', delivery_id: queued.id, status_url: expect.stringMatching(new RegExp(`/v1/ddex/${queued.id}$`)) });
    const again = await expectError(await api('POST', `/ddex/uploads/${upload.id}/commit`), 409, 'already_committed');
    expect(again.status_url).toBe(after.status_url);
    await expectError(await api('DELETE', `/ddex/uploads/${upload.id}`), 409, 'already_committed');
    // The parts are joined and gone; on S3 the batch is one object, read back by the worker.
    expect(storedParts(upload)).toEqual([]);
    if (store === 's3') expect(filesUnder(s3!.directory).some((f) => f.includes(`uploads/${upload.id}/big-album.zip`))).toBe(true);
    expect(scratchFiles()).toEqual([]);
    // The delivery list holds the delivery, not the upload.
    const list = (await (await api('GET', '/ddex')).json()).data;
    expect(list.map((d: { id: number }) => d.id)).toContain(queued.id);
  }, 180_000);

  it('takes a small batch through one URL, with curl-like PUTs and no API key', async () => {
    const { zip } = await albumZip();
    const upload = await start('small.zip', zip.length);
    expect(upload.upload).toMatchObject({ method: 'single', url: expect.stringContaining(store === 'local' ? '/parts/1?' : 'partNumber=1'), parts: [] });
    expect((await put(upload.upload.url, zip)).status).toBe(200);
    const response = await api('POST', `/ddex/uploads/${upload.id}/commit`);
    expect(response.status).toBe(202);
    expect((await waitForDelivery(server, account.key, (await response.json()).data.id)).status).toBe('done');
  });

  it('stores a batch sent to POST /ddex in the same store, and the worker reads it from there', async () => {
    const { zip } = await albumZip();
    const response = await server.fetch('/v1/ddex?name=posted.zip', { method: 'POST', headers: { ...bearer(account.key), 'content-type': 'application/zip' }, body: new Uint8Array(zip) });
    expect(response.status).toBe(202);
    const delivery = await waitForDelivery(server, account.key, (await response.json()).data.id);
    expect(delivery).toMatchObject({ status: 'done', batch_name: 'posted.zip' });
    const stored = store === 'local' ? filesUnder(path.join(server.dataDir, 'blobs/batches')) : filesUnder(s3!.directory);
    expect(stored.some((f) => f.includes('posted.zip'))).toBe(true);
    expect(scratchFiles()).toEqual([]);
  });

  it('refuses bad URLs and bodies, storing nothing', async () => {
    const a = await start('a.zip', 40 * 1024 * 1024 * 2);
    const b = await start('b.zip', 40 * 1024 * 1024 * 2);
    const aUrl = new URL(a.upload.parts[0].url);
    const bUrl = new URL(b.upload.parts[0].url);
    // The local store answers the spec's errors; S3 answers its own (403 with an S3 error document).
    const refused = async (response: Response, status: number, code: string) => {
      if (store === 'local') await expectError(response, status, code);
      else {
        expect(response.status).toBe(403);
        expect(await response.text()).toMatch(/<Code>(SignatureDoesNotMatch|AccessDenied)<\/Code>/);
      }
    };
    const withQuery = (url: URL, from: string, to: string) => url.toString().replace(from, to);
    // A's signature on B's upload, and on another part of A.
    const forB =
      store === 'local'
        ? `${aUrl.origin}${aUrl.pathname.replace(`/uploads/${a.id}/`, `/uploads/${b.id}/`)}${aUrl.search}`
        : withQuery(aUrl, `uploadId=${aUrl.searchParams.get('uploadId')}`, `uploadId=${bUrl.searchParams.get('uploadId')}`);
    await refused(await put(forB, Buffer.from('x')), 403, 'url_refused');
    const partTo = (n: number) => (store === 'local' ? `${aUrl.origin}${aUrl.pathname.replace(/\/parts\/1$/, `/parts/${n}`)}${aUrl.search}` : withQuery(aUrl, 'partNumber=1', `partNumber=${n}`));
    await refused(await put(partTo(2), Buffer.from('x')), 403, 'url_refused');
    // The signature's first character changed to another one (always: a signature that began with the replacement was left as it was, 1 time in 64).
    const tampered = aUrl.toString().replace(store === 'local' ? /([?&]signature=)(.)/ : /([?&]X-Amz-Signature=)(.)/, (_, key: string, first: string) => key + (first === '0' ? '1' : '0'));
    expect(tampered).not.toBe(aUrl.toString());
    await refused(await put(tampered, Buffer.from('x')), 403, 'url_refused');
    await refused(await put(partTo(99999), Buffer.from('x')), 403, 'url_refused');
    // Larger than part_size.
    await refused(await put(aUrl.toString(), Buffer.alloc(a.upload.part_size + 1)), 413, 'too_large');
    // Expired: on the local store the server's clock moves past 6 hours; S3 checks its own clock,
    // so the server signs fresh URLs with its clock moved back more than 6 hours.
    server.moveClock(store === 'local' ? 6 * 3600_000 + 60_000 : -(6 * 3600_000 + 60_000));
    try {
      const url = store === 'local' ? aUrl.toString() : (await (await api('GET', `/ddex/uploads/${a.id}`)).json()).data.upload.parts[0].url;
      await refused(await put(url, Buffer.alloc(a.upload.part_size)), 403, 'url_refused');
    } finally {
      server.moveClock(0);
    }
    expect(storedParts(a)).toEqual([]);
    expect(storedParts(b)).toEqual([]);
    expect(scratchFiles()).toEqual([]);
    if (store === 's3') {
      // The server's own part route is closed when the store takes the parts.
      await expectError(await server.fetch(`/v1/ddex/uploads/${a.id}/parts/1?expires=9999999999&signature=x`, { method: 'PUT', body: 'x' }), 404, 'not_found');
    }

    for (const [body, field] of [
      [{ name: 'huge.zip', size: 21474836481 }, 'size'],
      [{ name: 'batch.tar', size: 10 }, 'name'],
      [{ name: 'batch.zip', size: 0 }, 'size'],
      [{ name: 'batch.zip' }, 'size'],
    ] as const) {
      expect(await expectError(await api('POST', '/ddex/uploads', body), 400, 'invalid')).toMatchObject({ field });
    }
    const other = await setUpAccount(server, { scopes: ['ddex:write'] });
    await expectError(await api('POST', `/ddex/uploads/${a.id}/commit`, undefined, other.key), 404, 'not_found');
    await expectError(await api('GET', `/ddex/uploads/${a.id}`, undefined, other.key), 404, 'not_found');
    await expectError(await api('DELETE', `/ddex/uploads/${a.id}`, undefined, other.key), 404, 'not_found');
  });

  it('deletes an upload with its parts, and removes uncommitted ones after 7 days', async () => {
    const doomed = await start('doomed.zip', 1000);
    expect((await put(doomed.upload.url, crypto.randomBytes(1000))).status).toBe(200);
    expect(storedParts(doomed)).toHaveLength(1);
    expect(await (await api('DELETE', `/ddex/uploads/${doomed.id}`)).json()).toEqual({ data: { id: doomed.id, deleted: true } });
    expect(storedParts(doomed)).toEqual([]);
    await expectError(await api('GET', `/ddex/uploads/${doomed.id}`), 404, 'not_found');

    const stale = await start('stale.zip', 1000);
    expect((await put(stale.upload.url, crypto.randomBytes(1000))).status).toBe(200);
    server.moveClock(7 * 86_400_000 + 60_000);
    try {
      // The job removes the upload, then its parts (on S3 one more request): wait for both.
      let gone = false;
      for (let i = 0; i < 100 && !gone; i++) {
        gone = (await api('GET', `/ddex/uploads/${stale.id}`)).status === 404 && storedParts(stale).length === 0;
        if (!gone) await new Promise((r) => setTimeout(r, 100));
      }
      expect(gone).toBe(true);
      await expectError(await api('GET', `/ddex/uploads/${stale.id}`), 404, 'not_found');
      expect(storedParts(stale)).toEqual([]);
    } finally {
      server.moveClock(0);
    }
  });
});

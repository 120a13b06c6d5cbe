/**
 * Direct uploads on the local store (issue 14): a 200 MB batch uploaded in parts by parallel
 * clients in shuffled order, a part re-sent, a wrong-size part, upload_incomplete, the fix, the
 * commit (exactly one of two racing commits wins), the delivery done; single-URL uploads; refused
 * URLs and bodies storing nothing; delete; the 7-day retention with a moved clock.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yazl from 'yazl';
import { backends, bearer, setUpAccount, TestServer } from './support/server-process.js';
import { expectError, expectSchema } from './support/api-schemas.js';
import { albumZip } from './support/ddex-fixtures.js';
import { waitForDelivery } from './support/deliveries.js';

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

describe.each(backends())('direct uploads, local store ($name)', (backend) => {
  let server: TestServer;
  let account: Awaited<ReturnType<typeof setUpAccount>>;
  beforeAll(async () => {
    server = await TestServer.start(backend, { DELIVERY_POLL_MS: '100', UPLOAD_RETENTION_EVERY_MS: '300' });
    account = await setUpAccount(server, { scopes: ['ddex:write'] });
  });
  afterAll(() => server?.stop());

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
  const partsDir = (id: number) => path.join(server.dataDir, 'blobs/uploads', String(id));

  it('takes a 200 MB batch in parallel, shuffled parts, refuses an incomplete commit, then delivers it once', async () => {
    const batch = await paddedAlbum(200);
    const upload = await start('big-album.zip', batch.length);
    expect(upload.upload.method).toBe('multipart');
    const partSize: number = upload.upload.part_size;
    expect(partSize).toBeGreaterThanOrEqual(5 * 1024 * 1024);
    const parts: { part_number: number; url: string }[] = upload.upload.parts;
    expect(parts.length).toBe(Math.ceil(batch.length / partSize));
    const slice = (n: number) => batch.subarray((n - 1) * partSize, Math.min(batch.length, n * partSize));

    // All but the last part, shuffled, by 4 parallel clients; part 2 arrives short.
    const queue = parts.slice(0, -1).sort(() => Math.random() - 0.5);
    await Promise.all(Array.from({ length: 4 }, async () => {
      for (let p = queue.pop(); p; p = queue.pop()) {
        const bytes = p.part_number === 2 ? slice(2).subarray(0, 1000) : slice(p.part_number);
        expect((await put(p.url, bytes)).status).toBe(200);
      }
    }));
    // Part 1 sent again: it replaces the first copy.
    expect((await put(parts[0].url, slice(1))).status).toBe(200);

    const status = (await (await api('GET', `/ddex/uploads/${upload.id}`)).json()).data;
    expect(status).toMatchObject({ status: 'uploading', received_parts: parts.length - 1, parts_total: parts.length });
    expect(status.upload.parts.map((p: { part_number: number }) => p.part_number)).toEqual([parts.length]);

    const incomplete = await expectError(await api('POST', `/ddex/uploads/${upload.id}/commit`), 409, 'upload_incomplete');
    expect(incomplete).toMatchObject({ missing: [parts.length], wrong_size: [2] });

    expect((await put(parts[1].url, slice(2))).status).toBe(200);
    expect((await put(status.upload.parts[0].url, slice(parts.length))).status).toBe(200);

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
    expect(fs.existsSync(partsDir(upload.id))).toBe(false);
    // The delivery list holds the delivery, not the upload.
    const list = (await (await api('GET', '/ddex')).json()).data;
    expect(list.map((d: { id: number }) => d.id)).toContain(queued.id);
  }, 180_000);

  it('takes a small batch through one URL, with curl-like PUTs and no API key', async () => {
    const { zip } = await albumZip();
    const upload = await start('small.zip', zip.length);
    expect(upload.upload).toMatchObject({ method: 'single', url: expect.stringContaining('/parts/1?'), parts: [] });
    expect((await put(upload.upload.url, zip)).status).toBe(200);
    const response = await api('POST', `/ddex/uploads/${upload.id}/commit`);
    expect(response.status).toBe(202);
    expect((await waitForDelivery(server, account.key, (await response.json()).data.id)).status).toBe('done');
  });

  it('refuses bad URLs and bodies with spec errors, storing nothing', async () => {
    const a = await start('a.zip', 40 * 1024 * 1024 * 2);
    const b = await start('b.zip', 40 * 1024 * 1024 * 2);
    const aUrl = new URL(a.upload.parts[0].url);
    // A's signature on B's upload, and on another part of A.
    const forB = `${aUrl.origin}${aUrl.pathname.replace(`/uploads/${a.id}/`, `/uploads/${b.id}/`)}${aUrl.search}`;
    await expectError(await put(forB, Buffer.from('x')), 403, 'url_refused');
    const otherPart = `${aUrl.origin}${aUrl.pathname.replace(/\/parts\/1$/, '/parts/2')}${aUrl.search}`;
    await expectError(await put(otherPart, Buffer.from('x')), 403, 'url_refused');
    const tampered = aUrl.toString().replace(/signature=./, 'signature=A');
    await expectError(await put(tampered, Buffer.from('x')), 403, 'url_refused');
    const outOfRange = `${aUrl.origin}${aUrl.pathname.replace(/\/parts\/1$/, '/parts/99999')}${aUrl.search}`;
    await expectError(await put(outOfRange, Buffer.from('x')), 403, 'url_refused');
    // Larger than part_size.
    await expectError(await put(aUrl.toString(), Buffer.alloc(a.upload.part_size + 1)), 413, 'too_large');
    // Expired (the clock moved past 6 hours).
    server.moveClock(6 * 3600_000 + 60_000);
    try {
      await expectError(await put(aUrl.toString(), Buffer.from('x')), 403, 'url_refused');
    } finally {
      server.moveClock(0);
    }
    expect(fs.existsSync(partsDir(a.id)) ? fs.readdirSync(partsDir(a.id)) : []).toEqual([]);
    expect(fs.existsSync(partsDir(b.id)) ? fs.readdirSync(partsDir(b.id)) : []).toEqual([]);
    expect(fs.readdirSync(path.join(server.dataDir, 'blobs/tmp'))).toEqual([]);

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
    expect(fs.readdirSync(partsDir(doomed.id))).toEqual(['part-1']);
    expect(await (await api('DELETE', `/ddex/uploads/${doomed.id}`)).json()).toEqual({ data: { id: doomed.id, deleted: true } });
    expect(fs.existsSync(partsDir(doomed.id))).toBe(false);
    await expectError(await api('GET', `/ddex/uploads/${doomed.id}`), 404, 'not_found');

    const stale = await start('stale.zip', 1000);
    expect((await put(stale.upload.url, crypto.randomBytes(1000))).status).toBe(200);
    server.moveClock(7 * 86_400_000 + 60_000);
    try {
      let gone = false;
      for (let i = 0; i < 100 && !gone; i++) {
        gone = (await api('GET', `/ddex/uploads/${stale.id}`)).status === 404;
        if (!gone) await new Promise((r) => setTimeout(r, 100));
      }
      expect(gone).toBe(true);
      expect(fs.existsSync(partsDir(stale.id))).toBe(false);
    } finally {
      server.moveClock(0);
    }
  });
});

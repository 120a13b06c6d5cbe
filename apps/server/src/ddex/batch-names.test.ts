/**
 * Batch names sent by partners (issue 41, defects 1 and 6): a direct upload's `name`, the `?name=`
 * of POST /ddex and /ddex/validate, and a multipart file name. A name is at most 200 characters and
 * 255 bytes in UTF-8, without control characters; a name past a limit is refused at once with 400
 * naming the field and the limit, and the server process never dies (its pid is watched). A name
 * never becomes a file name on disk as given: the local store joins the parts of an upload whose
 * name was accepted before these limits (570 bytes, a NUL) without a trace in its scratch folder.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, bearer, setUpAccount, TestServer } from '../../test/support/server-process.js';
import { expectError } from '../../test/support/api-schemas.js';
import { albumZip } from '../../test/support/ddex-fixtures.js';
import { waitForDelivery } from '../../test/support/deliveries.js';
import { LocalBlobStore } from '../blob/local-blob-store.js';

/** 190 × "音" + ".zip": 194 characters (under the 200 of the spec), 574 bytes in UTF-8. */
const WIDE = '音'.repeat(190) + '.zip';

/** A multipart body with one file field named `filename` (as raw UTF-8 in the header, as browsers send it). */
function multipartFile(filename: string, bytes: Buffer) {
  const boundary = 'ddexboundary41';
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/zip\r\n\r\n`, 'utf8');
  return { body: Buffer.concat([head, bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]), contentType: `multipart/form-data; boundary=${boundary}` };
}

describe.each(backends())('batch names ($name)', (backend) => {
  let server: TestServer;
  let account: Awaited<ReturnType<typeof setUpAccount>>;
  let pid: number | undefined;
  beforeAll(async () => {
    server = await TestServer.start(backend, { DELIVERY_POLL_MS: '100' });
    account = await setUpAccount(server, { scopes: ['ddex:write', 'ddex:validate'] });
    pid = server.pid;
  });
  afterAll(() => server?.stop());

  const api = (method: string, p: string, body?: unknown) =>
    server.fetch(`/v1${p}`, { method, headers: { ...bearer(account.key), ...(body ? { 'content-type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined });
  const stillRunning = () => {
    expect(server.running).toBe(true);
    expect(server.pid).toBe(pid);
  };

  it('refuses an upload name past 255 bytes, with a NUL or a control character, naming the field', async () => {
    const refused = [
      [WIDE, /255 bytes/],
      ['a\u0000b.zip', /control character/],
      ['line\nbreak.zip', /control character/],
      ['tab\there.xml', /control character/],
      ['del\u007f.zip', /control character/],
      ['c1\u0085.zip', /control character/],
      ['x'.repeat(197) + '.zip', /200 characters/],
    ] as const;
    for (const [name, why] of refused) {
      const body = await expectError(await api('POST', '/ddex/uploads', { name, size: 10 }), 400, 'invalid');
      expect(body, JSON.stringify(name)).toMatchObject({ field: 'name', error: expect.stringMatching(why) });
    }
    // An unpaired surrogate is not text: refused too, not stored as replacement characters.
    const lone = await server.fetch('/v1/ddex/uploads', { method: 'POST', headers: { ...bearer(account.key), 'content-type': 'application/json' }, body: '{"name":"a\\ud800b.zip","size":10}' });
    expect(await expectError(lone, 400, 'invalid')).toMatchObject({ field: 'name' });
    stillRunning();
  });

  it('takes a name of 200 characters in 255 bytes through upload, commit and delivery', async () => {
    const name = 'Альбом'.repeat(9) + 'й ' + 'x'.repeat(140) + '.zip';
    expect([...name].length).toBe(200);
    expect(Buffer.byteLength(name)).toBe(255);
    const { zip } = await albumZip();
    const created = await api('POST', '/ddex/uploads', { name, size: zip.length });
    expect(created.status).toBe(201);
    const upload = (await created.json()).data;
    expect(upload.name).toBe(name);
    expect((await fetch(upload.upload.url, { method: 'PUT', body: new Uint8Array(zip) })).status).toBe(200);
    const commit = await api('POST', `/ddex/uploads/${upload.id}/commit`);
    expect(commit.status).toBe(202);
    const delivery = await waitForDelivery(server, account.key, (await commit.json()).data.id);
    expect(delivery).toMatchObject({ status: 'done', batch_name: name, created_count: 1 });
    stillRunning();
  });

  it('refuses the same names as ?name= of POST /ddex and /ddex/validate, and as a multipart file name, at once', async () => {
    const { zip } = await albumZip();
    for (const route of ['/ddex', '/ddex/validate']) {
      for (const [name, why] of [[WIDE, /255 bytes/], ['a\u0000b.zip', /control character/]] as const) {
        const response = await server.fetch(`/v1${route}?name=${encodeURIComponent(name)}`, { method: 'POST', headers: { ...bearer(account.key), 'content-type': 'application/zip' }, body: new Uint8Array(zip) });
        expect(await expectError(response, 400, 'invalid')).toMatchObject({ field: 'name', error: expect.stringMatching(why) });
      }
      // Defect 6: this file name used to stall the request 30 s and answer 408 ("no byte arrived").
      const form = multipartFile(WIDE, zip);
      const response = await server.fetch(`/v1${route}`, { method: 'POST', headers: { ...bearer(account.key), 'content-type': form.contentType }, body: new Uint8Array(form.body) });
      expect(await expectError(response, 400, 'invalid')).toMatchObject({ field: 'file', error: expect.stringMatching(/255 bytes/) });
    }
    // A long name within the limits is taken, and reported as sent.
    const name = 'é'.repeat(120) + '.zip';
    const form = multipartFile(name, zip);
    const response = await server.fetch('/v1/ddex/validate', { method: 'POST', headers: { ...bearer(account.key), 'content-type': form.contentType }, body: new Uint8Array(form.body) });
    expect(response.status).toBe(200);
    expect((await response.json()).data.source).toBe(name);
    expect(fs.readdirSync(path.join(server.dataDir, 'blobs/tmp'))).toEqual([]);
    stillRunning();
  });
});

describe('the local store joins parts whatever the upload was named', () => {
  it('joins the parts of uploads named before the limits (574 bytes, a NUL), leaving no scratch folder', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ddex-names-'));
    try {
      const store = new LocalBlobStore(dataDir);
      for (const [id, name] of [[1, WIDE], [2, 'a\u0000b.zip'], [3, '../../escape.zip']] as const) {
        const upload = { id, name, storeRef: null };
        for (const n of [1, 2]) {
          const temp = store.tempPath(name);
          fs.writeFileSync(temp, `part ${n} of ${id};`);
          await store.putPart(temp, upload, n);
        }
        const parts = await store.listParts(upload);
        const key = await store.assembleParts(upload, parts);
        expect(key.startsWith('batches/')).toBe(true);
        expect(fs.readFileSync(store.pathOf(key), 'utf8')).toBe(`part 1 of ${id};part 2 of ${id};`);
        expect(Buffer.byteLength(path.basename(key))).toBeLessThanOrEqual(255);
      }
      expect(fs.readdirSync(path.join(dataDir, 'blobs/tmp'))).toEqual([]);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

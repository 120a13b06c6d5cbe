/**
 * The partner API as an attacker or a careless client would use it: stalled and crawling uploads,
 * one key trying to take every dry-run slot, a server path or another account's data leaking into
 * answers, framework errors, loose ids (issue 13). Through the real bin, on every backend.
 */
import http from 'node:http';
import net from 'node:net';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, bearer, setUpAccount, TestServer } from '../../test/support/server-process.js';
import { expectError } from '../../test/support/api-schemas.js';
import { albumZip, audioMessage } from '../../test/support/ddex-fixtures.js';
import { deliver, waitForDelivery } from '../../test/support/deliveries.js';

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A request written by hand: `declared` bytes announced, `sent` written, then nothing until `end`. */
function stalled(url: string, key: string, o: { path?: string; declared?: number; sent?: Buffer } = {}) {
  const target = new URL(o.path ?? '/v1/ddex/validate', url);
  const request = http.request(target, { method: 'POST', headers: { ...bearer(key), 'content-type': 'application/zip', 'content-length': String(o.declared ?? 100_000) } });
  const answer = new Promise<Raw>((resolve, reject) => {
    request.on('response', (res) => {
      let body = '';
      res.on('data', (d) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      res.on('error', reject);
    });
    request.on('error', reject);
  });
  request.write(o.sent ?? Buffer.from('PK'));
  return { request, answer };
}

/** Sends raw bytes on a socket and reads the whole answer (for requests no HTTP client would send). */
function rawRequest(url: string, text: string): Promise<Raw> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () => socket.end(text));
    let data = '';
    socket.on('data', (d: Buffer) => (data += d.toString('latin1')));
    // A server that answers before the client has sent everything may reset the rest: the answer counts.
    socket.on('error', (e: NodeJS.ErrnoException) => (e.code === 'ECONNRESET' || e.code === 'EPIPE') && data.includes('\r\n\r\n') ? undefined : reject(e));
    socket.on('close', () => {
      const [head, ...rest] = data.split('\r\n\r\n');
      const [statusLine, ...lines] = head.split('\r\n');
      const headers: http.IncomingHttpHeaders = {};
      for (const line of lines) headers[line.slice(0, line.indexOf(':')).toLowerCase()] = line.slice(line.indexOf(':') + 1).trim();
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n') });
    });
  });
}

const tmpEntries = (server: TestServer) => fs.readdirSync(path.join(server.dataDir, 'blobs/tmp'));

describe.each(backends())('hardening ($name)', (backend) => {
  let server: TestServer;
  let a: Awaited<ReturnType<typeof setUpAccount>>;
  let b: Awaited<ReturnType<typeof setUpAccount>>;
  beforeAll(async () => {
    server = await TestServer.start(backend, {
      VALIDATE_MAX_CONCURRENT: '3',
      VALIDATE_MAX_CONCURRENT_PER_KEY: '2',
      BODY_IDLE_TIMEOUT_MS: '1500',
      BODY_MIN_BYTES_PER_SEC: '2000',
      BODY_RATE_WINDOW_MS: '2000',
    });
    a = await setUpAccount(server, { scopes: ['ddex:write'] });
    b = await setUpAccount(server, { scopes: ['ddex:write'] });
  });
  afterAll(() => server?.stop());

  const validate = (key: string, body: BodyInit, contentType = 'application/zip', query = '') =>
    server.fetch(`/v1/ddex/validate${query}`, { method: 'POST', headers: { ...bearer(key), 'content-type': contentType }, body });

  it('eight stalled uploads on one key leave another key\'s dry run of the album served', async () => {
    const stalls = Array.from({ length: 8 }, () => stalled(server.url, a.key));
    const { zip } = await albumZip();
    const response = await validate(b.key, new Uint8Array(zip));
    expect(response.status).toBe(200);
    expect((await response.json()).data.verdict).toMatch(/^would_import/);
    // Then each stalled upload is cut: 408 request_timeout, its scratch file gone.
    for (const s of stalls) {
      const answer = await s.answer;
      expect(answer.status).toBe(408);
      expect(JSON.parse(answer.body)).toMatchObject({ code: 'request_timeout' });
      s.request.destroy();
    }
    expect(tmpEntries(server)).toEqual([]);
  });

  it('a crawling upload is cut too, and a stalled POST /ddex leaves no delivery and no file', async () => {
    const crawl = stalled(server.url, a.key, { declared: 1_000_000, sent: Buffer.from('PK\x03\x04') });
    const timer = setInterval(() => crawl.request.write(Buffer.alloc(100)), 200); // 500 bytes/s < 2000
    const answer = await crawl.answer;
    clearInterval(timer);
    crawl.request.destroy();
    expect(answer.status).toBe(408);
    expect(JSON.parse(answer.body).error).toMatch(/bytes\/s/);

    const stall = stalled(server.url, a.key, { path: '/v1/ddex' });
    expect((await stall.answer).status).toBe(408);
    stall.request.destroy();
    const list = await (await server.fetch('/v1/ddex', { headers: bearer(a.key) })).json();
    expect(list.data).toEqual([]);
    expect(tmpEntries(server)).toEqual([]);
    expect(fs.existsSync(path.join(server.dataDir, 'blobs/batches')) ? fs.readdirSync(path.join(server.dataDir, 'blobs/batches')) : []).toEqual([]);
  });

  it('one key gets at most its share of dry-run slots; another key is still served', async () => {
    const paused = await TestServer.start(backend, { VALIDATE_MAX_CONCURRENT: '3', VALIDATE_MAX_CONCURRENT_PER_KEY: '2', DDEX_SERVER_TEST_PAUSE_VALIDATE_MS: '1500' });
    try {
      const x = await setUpAccount(paused);
      const y = await setUpAccount(paused);
      const { xml } = audioMessage();
      const post = (key: string) => paused.fetch('/v1/ddex/validate', { method: 'POST', headers: { ...bearer(key), 'content-type': 'application/xml' }, body: xml });
      const answers = await Promise.all([post(x.key), post(x.key), post(x.key), post(y.key)]);
      const fromX = answers.slice(0, 3).map((r) => r.status).sort();
      expect(fromX).toEqual([200, 200, 429]);
      expect(answers[3].status).toBe(200);
      const busy = answers.slice(0, 3).find((r) => r.status === 429)!;
      expect(busy.headers.get('retry-after')).toBe('1');
      expect(await busy.json()).toMatchObject({ code: 'busy' });
    } finally {
      await paused.stop();
    }
  });

  it('names the batch as the client did, never by a path of the server (bodies over 16 MB)', async () => {
    // Random bytes do not compress: the body is over 16 MB, so the server spills it to a scratch file.
    const { zip } = await albumZip({ extra: { 'resources/padding.bin': crypto.randomBytes(17 * 1024 * 1024) } });
    expect(zip.length).toBeGreaterThan(16 * 1024 * 1024);
    const response = await validate(a.key, new Uint8Array(zip), 'application/zip', '?name=label-batch.zip');
    const text = await response.text();
    expect(response.status).toBe(200);
    const report = JSON.parse(text).data;
    expect(report.source).toBe('label-batch.zip');
    // The scratch file holds the body's bytes in order (written many chunks a call): the zip opens
    // and its message is read.
    const check = (rule: string) => report.checks.find((c: { rule: string }) => c.rule === rule)?.status;
    expect(check('package-batch-readable')).toBe('pass');
    expect(check('xml-well-formed')).toBe('pass');
    expect(report.summary.messages).toBe(1);
    expect(text).not.toContain(server.dataDir);
    expect(text).not.toMatch(/blobs\/|\/tmp\//);
  });

  it('tells another account only that a UPC or ISRC is used elsewhere, and flags the release for staff', async () => {
    const { zip, upc } = await albumZip();
    const first = await deliver(server, a.key, new Uint8Array(zip), { contentType: 'application/zip' });
    const delivered = await waitForDelivery(server, a.key, first.id);
    expect(delivered.status).toBe('done');
    const text = await (await validate(b.key, new Uint8Array(zip))).text();
    const report = JSON.parse(text).data;
    expect(report.verdict).toBe('would_be_flagged');
    const catalogFindings = report.checks.filter((c: { rule: string; status: string }) => c.status !== 'pass' && (c.rule === 'codes-upc-owner' || c.rule === 'codes-isrc-reused'));
    const messages = catalogFindings.map((c: { message: string }) => c.message).join('\n');
    expect(messages).toMatch(new RegExp(`UPC ${upc} of release R0 is already used elsewhere on the platform`));
    expect(messages).toMatch(/ISRC \S+ of A1 is already used elsewhere on the platform\./);
    // Nothing of account a: no member or account id, no title of its releases or recordings.
    for (const c of catalogFindings) {
      expect(c.message).toMatch(/^(ISRC \w+ of A\d is already used elsewhere on the platform\.|UPC \d+ of release R0 is already used elsewhere on the platform; staff will decide where it belongs before anything is imported\.)$/);
    }
    // Delivered by b: flagged for staff, nothing created; the same number of tracks as the first delivery.
    const second = await waitForDelivery(server, b.key, (await deliver(server, b.key, new Uint8Array(zip), { contentType: 'application/zip' })).id);
    expect(second.items.map((i: { outcome: string }) => i.outcome)).toEqual(['flagged']);
    expect(second.needs_staff).toBe(true);
    expect(second.track_count).toBe(delivered.track_count);
    expect(second.track_count).toBe(2);
  });

  it('answers framework failures with the API error body, without echoing the request, on both bases', async () => {
    const long = '9'.repeat(10_000);
    for (const base of ['/v1', '/api/v1']) {
      const tooLong = await server.fetch(`${base}/ddex/${long}`, { headers: bearer(a.key) });
      const body = await expectError(tooLong, 400, 'invalid');
      expect(body.field).toBe('id');
      expect(JSON.stringify(body)).not.toContain('99999999');
      const badUrl = await server.fetch(`${base}/ddex/%E0%A4%A`, { headers: bearer(a.key) });
      expect(await expectError(badUrl, 400, 'invalid')).toMatchObject({ field: 'path' });
      for (const r of [tooLong, badUrl]) expect(r.headers.get('deprecation') !== null).toBe(base === '/api/v1');
    }
    const bigHeader = await rawRequest(server.url, `GET /api/v1/ping HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(bigHeader.status).toBe(431);
    expect(JSON.parse(bigHeader.body)).toEqual({ error: expect.any(String), code: 'headers_too_large' });
    expect(bigHeader.headers.deprecation).toBeTruthy();
    expect(bigHeader.body).not.toContain('aaaa');
    const bigQuery = await rawRequest(server.url, `GET /v1/ping?q=${'b'.repeat(100_000)} HTTP/1.1\r\nHost: x\r\n\r\n`);
    expect(bigQuery.status).toBe(431);
    expect(JSON.parse(bigQuery.body).code).toBe('headers_too_large');
  });

  it('takes a path id only as a plain decimal integer', async () => {
    const { xml } = audioMessage();
    const { id } = await deliver(server, a.key, xml, { contentType: 'application/xml' });
    expect((await server.fetch(`/v1/ddex/${id}`, { headers: bearer(a.key) })).status).toBe(200);
    for (const loose of ['0x1', '%201', `0${id}`, '+1', '1.0', '1e0', `${id}%20`]) {
      const body = await expectError(await server.fetch(`/v1/ddex/${loose}`, { headers: bearer(a.key) }), 400, 'invalid');
      expect(body.field).toBe('id');
    }
    await expectError(await server.fetch('/v1/ddex/99999999999', { headers: bearer(a.key) }), 404, 'not_found');
    await expectError(await validate(a.key, xml, 'application/xml', '?member_id=01'), 400, 'invalid');
  });
});

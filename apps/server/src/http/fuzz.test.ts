/**
 * Request fuzzer (fast-check): random methods, paths on both bases (known and unknown, odd and
 * broken encodings), headers, queries and bodies, written on raw sockets so that nothing a client
 * library would refuse is left out. Every answer must be the API's: JSON `{error, code}` with a
 * documented code whose status agrees, no stack trace, no server path, no framework code, no echo
 * of the request; and the server keeps answering GET /v1/ping throughout. Prints its counts.
 * A second run sends batch names (issue 41): a direct upload's `name` (then its part and its
 * commit), `?name=` of POST /ddex and /ddex/validate and a multipart file name, of every length in
 * characters (0 to 300) and bytes (characters of 1 to 4 bytes), with NUL, control characters,
 * unpaired surrogates and slashes; every answer is the API's, and the server process never dies
 * (its pid is watched), nor while its worker processes the deliveries committed.
 */
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, bearer, REPO_ROOT, setUpAccount, TestServer } from '../../test/support/server-process.js';

const RUNS = Number(process.env.FUZZ_RUNS ?? 4000);
const NAME_RUNS = Number(process.env.FUZZ_NAME_RUNS ?? 300);

const errorSchema = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'schemas/api/error.schema.json'), 'utf8'));
const CODES: string[] = errorSchema.properties.code.enum;
/** The status each code answers with (spec section 7 and the README's own codes). */
const STATUS_OF: Record<string, number> = {
  invalid: 400, unauthenticated: 401, invalid_key: 401, key_revoked: 401, key_expired: 401, test_keys_retired: 401,
  insufficient_scope: 403, account_inactive: 403, api_not_in_plan: 403, not_found: 404, rate_limited: 429, busy: 429,
  server_error: 500, too_large: 413, request_timeout: 408, headers_too_large: 431,
};

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** One request on its own connection; the answer as bytes arrive (Content-Length or chunked). */
function send(url: string, head: string, body: Buffer): Promise<Answer> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    // As HTTP clients do, the connection stays open for writing until the answer (Connection: close) ends it.
    const socket = net.connect(Number(port), hostname, () => {
      socket.write(head);
      socket.write(body);
    });
    const chunks: Buffer[] = [];
    socket.setTimeout(15_000, () => socket.destroy(new Error('no answer in 15 s')));
    socket.on('data', (d: Buffer) => chunks.push(d));
    socket.on('error', (e: NodeJS.ErrnoException) => (e.code === 'ECONNRESET' || e.code === 'EPIPE' ? undefined : reject(e)));
    socket.on('close', () => {
      let data = Buffer.concat(chunks).toString('latin1');
      // Interim answers (100 Continue to an Expect header) come before the answer.
      while (/^HTTP\/1\.1 1\d\d /.test(data) && data.includes('\r\n\r\n')) data = data.slice(data.indexOf('\r\n\r\n') + 4);
      const split = data.indexOf('\r\n\r\n');
      if (split < 0) return reject(new Error(`no HTTP answer: ${JSON.stringify(data.slice(0, 80))}`));
      const [statusLine, ...lines] = data.slice(0, split).split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines) headers[line.slice(0, line.indexOf(':')).toLowerCase()] = line.slice(line.indexOf(':') + 1).trim();
      let rest = data.slice(split + 4);
      if (headers['transfer-encoding'] === 'chunked') {
        let out = '';
        while (rest.length > 0) {
          const nl = rest.indexOf('\r\n');
          const size = parseInt(rest.slice(0, nl), 16);
          if (!size) break;
          out += rest.slice(nl + 2, nl + 2 + size);
          rest = rest.slice(nl + 2 + size + 2);
        }
        rest = out;
      }
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: Buffer.from(rest, 'latin1').toString('utf8') });
    });
  });
}

/** A marker the fuzzer puts in what it sends: an answer that quotes it echoes the request. */
const MARKER = 'zqxjMARKER';

const segment = fc.oneof(
  fc.constantFrom('ddex', 'validate', 'uploads', 'me', 'ping', 'openapi.json', 'webhooks', 'members', 'releases', 'links', 'payouts', 'earnings', 'sandbox', 'commit', '1', '2', '0', '01', '0x1', '-1', '99999999999', '..', '.', ''),
  fc.constantFrom('%', '%zz', '%E0%A4%A', '%00', '%2F', '%2e%2e', '%C3%28', '%FF', '%20', '+', ';', '~'),
  fc.stringMatching(/^[0-9]{1,30}$/),
  fc.string({ maxLength: 12 }).map((s) => encodeURIComponent(s)),
  fc.constant(MARKER),
);
const base = fc.constantFrom('/v1', '/api/v1', '', '/v2', '/api', '/api/v2', '/V1', '//v1');
const query = fc.array(fc.tuple(fc.constantFrom('member_id', 'name', 'status', 'limit', 'by', 'months', MARKER, 'x'), fc.oneof(fc.string({ maxLength: 10 }).map(encodeURIComponent), fc.constantFrom('%', '%zz', '1', '01', '-5', 'a.zip', `${MARKER}.xml`, ''))), { maxLength: 4 })
  .map((pairs) => (pairs.length ? '?' + pairs.map(([k, v]) => `${k}=${v}`).join('&') : ''));
const contentType = fc.constantFrom(undefined, 'application/zip', 'application/xml', 'application/json', 'multipart/form-data; boundary=xyz', 'multipart/form-data', 'text/plain', `x/${MARKER}`, '');
const bodyArb = fc.oneof(
  fc.constant(Buffer.alloc(0)),
  fc.uint8Array({ maxLength: 300 }).map((a) => Buffer.from(a)),
  fc.constantFrom('PK\x03\x04garbage', '<?xml version="1.0"?><x/>', '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.zip"\r\n\r\nPK\r\n--xyz--\r\n', `{"${MARKER}":1}`).map((s) => Buffer.from(s)),
);

describe.each(backends())('request fuzzer ($name)', (backend) => {
  let server: TestServer;
  let keys: Record<string, string>;
  let pingKey: string;
  beforeAll(async () => {
    server = await TestServer.start(backend);
    const writer = await setUpAccount(server, { plan: 'custom', rate: 1_000_000, scopes: ['ddex:write'] });
    const reader = await setUpAccount(server, { scopes: ['ddex:validate'] });
    const pinger = await setUpAccount(server, { plan: 'custom', rate: 1_000_000, scopes: ['ddex:validate'] });
    keys = { writer: writer.key, reader: reader.key };
    pingKey = pinger.key;
  });
  afterAll(() => server?.stop());

  it(`answers ${RUNS} random requests as the API, and keeps serving`, async () => {
    const broken: string[] = [];
    let tried = 0;
    const auth = fc.oneof(
      fc.constantFrom('writer', 'reader').map((k) => `Bearer ${keys[k]}`),
      fc.constantFrom(undefined, '', 'Bearer', 'Bearer svc_test_abc', 'Bearer svc_live_nope', `Basic ${MARKER}`, `Bearer ${MARKER}`, 'bearer  '),
    );
    const request = fc.record({
      method: fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD', 'TRACE', 'FOO'),
      // Half the requests aim at the real routes (bodies then reach the engine), half anywhere.
      path: fc.oneof(
        fc.tuple(fc.constantFrom('/v1', '/api/v1'), fc.constantFrom('/ddex', '/ddex/validate', '/ddex/1', '/ddex/2', '/me', '/ping', '/openapi.json'), query).map(([b, p, q]) => `${b}${p}${q}`),
        fc.tuple(base, fc.array(segment, { maxLength: 4 }), query).map(([b, segs, q]) => `${b}/${segs.join('/')}${q}`),
      ),
      auth,
      contentType,
      origin: fc.constantFrom(undefined, 'https://example.com', MARKER),
      extra: fc.array(fc.tuple(fc.constantFrom('x-forwarded-host', 'x-forwarded-proto', 'accept', 'accept-encoding', 'expect', 'content-encoding', 'x-request-id'), fc.constantFrom('gzip', 'evil.example', 'https', '100-continue', MARKER, '*/*', '')), { maxLength: 3 }),
      body: bodyArb,
    });

    await fc.assert(
      fc.asyncProperty(request, async (r) => {
        tried++;
        const lines = [`${r.method} ${r.path} HTTP/1.1`, 'Host: 127.0.0.1', 'Connection: close'];
        if (r.auth !== undefined) lines.push(`Authorization: ${r.auth}`);
        if (r.contentType !== undefined) lines.push(`Content-Type: ${r.contentType}`);
        if (r.origin) lines.push(`Origin: ${r.origin}`);
        for (const [name, value] of r.extra) lines.push(`${name}: ${value}`);
        lines.push(`Content-Length: ${r.body.length}`);
        const answer = await send(server.url, lines.join('\r\n') + '\r\n\r\n', r.body);
        const problems = judge(r.method, answer, server.dataDir);
        if (problems.length) broken.push(`${r.method} ${r.path.slice(0, 120)} -> ${answer.status}: ${problems.join('; ')} ${answer.body.slice(0, 200)}`);
        if (tried % 100 === 0) {
          const ping = await server.fetch('/v1/ping', { headers: bearer(pingKey) });
          if (ping.status !== 200) broken.push(`GET /v1/ping after ${tried} requests -> ${ping.status}`);
        }
        return true;
      }),
      { numRuns: RUNS, seed: Number(process.env.FUZZ_SEED ?? 20261124) },
    );
    console.log(`request fuzzer (${backend.name}): ${tried} requests tried, ${broken.length} answers broke a rule`);
    const kinds = [...new Set(broken.map((b) => b.replace(/^\S+ \S+ -> /, '').replace(/ .*$/, '')))];
    expect({ kinds, examples: broken.slice(0, 12) }).toEqual({ kinds: [], examples: [] });
    expect(tried).toBe(RUNS);
  }, 600_000);

  it(`answers ${NAME_RUNS} runs of odd batch names as the API, and its process never dies`, async () => {
    const pid = server.pid;
    const broken: string[] = [];
    let tried = 0;
    let committed = 0;
    const { hostname, port } = new URL(server.url);
    const head = (method: string, target: string, headers: Record<string, string | number>) =>
      [`${method} ${target} HTTP/1.1`, `Host: ${hostname}:${port}`, 'Connection: close', `Authorization: Bearer ${keys.writer}`, ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`)].join('\r\n') + '\r\n\r\n';
    const ask = async (what: string, method: string, target: string, headers: Record<string, string>, body: Buffer) => {
      const answer = await send(server.url, head(method, target, { ...headers, 'Content-Length': body.length }), body);
      const problems = judge(method, answer, server.dataDir);
      if (problems.length) broken.push(`${what} -> ${answer.status}: ${problems.join('; ')} ${answer.body.slice(0, 160)}`);
      return answer;
    };
    // Names by characters of 1 to 4 bytes in UTF-8, controls, surrogates and separators; then an extension or none.
    const char = fc.constantFrom('a', 'Z', '9', ' ', '.', '-', 'é', 'ß', '音', '€', '😀', '𝄞', '\u0000', '\n', '\r', '\t', '\u001f', '\u007f', '\u0085', '\ud800', '\udfff', '/', '\\', '"', '%', '\u202e', '\ufeff');
    const name = fc
      .tuple(
        fc.oneof(fc.string({ unit: char, maxLength: 300 }), fc.string({ unit: 'binary', maxLength: 260 }), fc.string({ unit: 'grapheme', maxLength: 120 }), fc.nat({ max: 300 }).map((n) => 'x'.repeat(n)), fc.nat({ max: 120 }).map((n) => '音'.repeat(n))),
        fc.constantFrom('.zip', '.xml', '.ZIP', '.Xml', '', '.tar', '.zip\u0000', '.zip/'),
      )
      .map(([stem, ext]) => stem + ext);
    /** Percent-encodes the UTF-8 bytes of a name (an unpaired surrogate as its replacement character, as a client would). */
    const query = (n: string) => [...Buffer.from(n, 'utf8')].map((b) => '%' + b.toString(16).padStart(2, '0')).join('');
    const junk = Buffer.from('PK\x03\x04 not a zip, ten', 'latin1');

    await fc.assert(
      fc.asyncProperty(name, async (n) => {
        tried++;
        const created = await ask('POST /v1/ddex/uploads', 'POST', '/v1/ddex/uploads', { 'Content-Type': 'application/json' }, Buffer.from(JSON.stringify({ name: n, size: junk.length })));
        if (created.status === 201) {
          const upload = JSON.parse(created.body).data;
          const partUrl = new URL(upload.upload.url);
          await ask('PUT part', 'PUT', partUrl.pathname + partUrl.search, { 'Content-Type': 'application/octet-stream' }, junk);
          const commit = await ask('POST commit', 'POST', `/v1/ddex/uploads/${upload.id}/commit`, {}, Buffer.alloc(0));
          if (commit.status === 202) committed++;
          else broken.push(`commit of an accepted name -> ${commit.status}: ${commit.body.slice(0, 160)}`);
        } else if (created.status !== 400) broken.push(`POST /v1/ddex/uploads -> ${created.status}`);
        for (const route of ['/v1/ddex', '/v1/ddex/validate']) await ask(`POST ${route}?name=`, 'POST', `${route}?name=${query(n)}`, { 'Content-Type': 'application/zip' }, junk);
        const boundary = 'namefuzz41';
        const form = Buffer.concat([Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${n}"\r\nContent-Type: application/zip\r\n\r\n`, 'utf8'), junk, Buffer.from(`\r\n--${boundary}--\r\n`)]);
        await ask('POST /v1/ddex/validate multipart', 'POST', '/v1/ddex/validate', { 'Content-Type': `multipart/form-data; boundary=${boundary}` }, form);
        if (!server.running || server.pid !== pid) broken.push(`the server process died after the name ${JSON.stringify(n)}`);
        return server.running;
      }),
      { numRuns: NAME_RUNS, seed: Number(process.env.FUZZ_SEED ?? 20261124) },
    );
    // The worker takes every committed upload (a batch of junk): it fails them, it does not die.
    const inProgress = async () => (JSON.parse((await send(server.url, head('GET', '/v1/ddex', {}), Buffer.alloc(0))).body).data as { status: string }[]).filter((d) => !['done', 'partial', 'failed'].includes(d.status)).length;
    for (let i = 0; i < 600 && server.running && (await inProgress()) > 0; i++) await new Promise((r) => setTimeout(r, 100));
    expect(await inProgress()).toBe(0);
    console.log(`name fuzzer (${backend.name}): ${tried} names tried, ${committed} uploads committed, ${broken.length} answers broke a rule`);
    expect(broken.slice(0, 12)).toEqual([]);
    expect(server.running).toBe(true);
    expect(server.pid).toBe(pid);
    expect(tried).toBe(NAME_RUNS);
  }, 600_000);
});

/** What is wrong with one answer (empty when it is an API answer). */
function judge(method: string, answer: Answer, dataDir: string): string[] {
  const problems: string[] = [];
  const text = answer.body;
  if (answer.status >= 500) problems.push('a server error');
  if (/\n\s+at .+\d+:\d+|\.(ts|js):\d+/.test(text)) problems.push('a stack trace');
  if (text.includes(dataDir) || text.includes(REPO_ROOT) || /node_modules|\/blobs\//.test(text)) problems.push('a server path');
  if (/FST_|ERR_[A-Z_]{3,}|HPE_/.test(text)) problems.push('a framework code');
  if (text.includes(MARKER)) problems.push('the request echoed');
  const bodyless = method === 'HEAD' || answer.status === 204 || answer.status === 304;
  if (answer.status >= 400 && !bodyless) {
    let body: { error?: unknown; code?: unknown } | null = null;
    try {
      body = JSON.parse(text);
    } catch {
      problems.push('not JSON');
    }
    if (body) {
      if (typeof body.error !== 'string') problems.push('no error text');
      if (typeof body.code !== 'string' || !CODES.includes(body.code)) problems.push(`undocumented code ${String(body.code)}`);
      else if (STATUS_OF[body.code] !== answer.status) problems.push(`code ${body.code} with status ${answer.status}`);
    }
  }
  return problems;
}

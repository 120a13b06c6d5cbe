/** POST /ddex/validate: raw XML, raw zip, multipart; the report whatever the problems; invalid, too_large; nothing created (busy: hardening.test.ts). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, bearer, setUpAccount, TestServer } from '../../test/support/server-process.js';
import { expectError, expectSchema } from '../../test/support/api-schemas.js';
import { audioMessage, BROKEN_XML, zipOf } from '../../test/support/ddex-fixtures.js';

const LIMIT = 200_000;

describe.each(backends())('POST /ddex/validate ($name)', (backend) => {
  let server: TestServer;
  let account: Awaited<ReturnType<typeof setUpAccount>>;
  beforeAll(async () => {
    server = await TestServer.start(backend, { VALIDATE_MAX_BYTES: String(LIMIT), });
    account = await setUpAccount(server, { scopes: ['ddex:validate'] });
  });
  afterAll(() => server?.stop());

  const post = (path: string, body: BodyInit, headers: Record<string, string> = {}) =>
    server.fetch(path, { method: 'POST', headers: { ...bearer(account.key), ...headers }, body });

  it('answers a raw XML message with the report, on both bases, and creates nothing', async () => {
    const { xml, upc } = audioMessage();
    for (const base of ['/v1', '/api/v1']) {
      const response = await post(`${base}/ddex/validate`, xml, { 'content-type': 'application/xml' });
      expect(response.status).toBe(200);
      const body = await response.json();
      expectSchema(body, 'validate-response.schema.json');
      const report = body.data;
      expect(report.source).toBe('message.xml');
      expect(report.ern_version).toBe('4.3');
      expect(report.verdict).toMatch(/^would_import(_with_warnings)?$/);
      expect(report.summary).toMatchObject({ messages: 1, releases: 1, errors: 0 });
      expect(report.releases).toEqual([expect.objectContaining({ reference: 'R0', upc, outcome: 'created' })]);
      expect(report.would_create.releases).toEqual([expect.objectContaining({ upc, outcome: 'created' })]);
      expect(report.would_create.recordings).toHaveLength(21);
      expect(report.checks.every((c: { stage: string; field: string }) => typeof c.field === 'string')).toBe(true);
    }
    const list = await (await server.fetch('/v1/ddex', { headers: bearer(account.key) })).json();
    expect(list.data).toEqual([]);
    expect(await server.admin('release', 'list', '--member', String(account.ownMemberId))).toEqual([]);
    expect(await server.admin('recordings', '--member', String(account.ownMemberId))).toEqual([]);
  });

  it('answers JSON with its charset and keeps the answer as the test report, listed at once', async () => {
    const { xml } = audioMessage();
    const response = await post('/v1/ddex/validate?name=kept.xml', xml, { 'content-type': 'application/xml' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const text = await response.text();
    const { data } = JSON.parse(text);
    const reports = await server.admin<{ name: string; source: string; verdict: string; summary: unknown; report: unknown }[]>('test-report', 'list', '--account', String(account.accountId), '--with-report');
    const kept = reports.find((r) => r.name === 'kept.xml');
    expect(kept).toMatchObject({ source: 'api', verdict: data.verdict, summary: data.summary });
    expect(kept!.report).toEqual(data);
  });

  it('reads a raw zip and a multipart file with member_id', async () => {
    const { xml, upc } = audioMessage();
    const zip = await zipOf({ 'batch/message.xml': xml });
    const zipped = await (await post('/v1/ddex/validate', new Uint8Array(zip), { 'content-type': 'application/zip' })).json();
    expect(zipped.data.source).toBe('batch.zip');
    expect(zipped.data.releases).toEqual([expect.objectContaining({ upc })]);

    const form = new FormData();
    form.append('member_id', String(account.memberId));
    form.append('file', new Blob([xml], { type: 'application/xml' }), 'upload.xml');
    const response = await post('/v1/ddex/validate', form);
    expect(response.status).toBe(200);
    const multipart = await response.json();
    expectSchema(multipart, 'validate-response.schema.json');
    expect(multipart.data.source).toBe('upload.xml');
    expect(multipart.data.verdict).toMatch(/^would_import(_with_warnings)?$/);
  });

  it('names a raw body with ?name=, and refuses a name that is not .zip or .xml', async () => {
    const { xml } = audioMessage();
    const named = await (await post('/v1/ddex/validate?name=label-drop-7.xml', xml, { 'content-type': 'application/xml' })).json();
    expect(named.data.source).toBe('label-drop-7.xml');
    const body = await expectError(await post('/v1/ddex/validate?name=drop.exe', xml), 400, 'invalid');
    expect(body.field).toBe('name');
  });

  it('answers 200 with the checks and a rejecting verdict for a faulty batch', async () => {
    const response = await post('/v1/ddex/validate', BROKEN_XML, { 'content-type': 'application/xml' });
    expect(response.status).toBe(200);
    const body = await response.json();
    expectSchema(body, 'validate-response.schema.json');
    expect(body.data.verdict).toBe('would_be_rejected');
    const error = body.data.checks.find((c: { status: string }) => c.status === 'error');
    expect(error).toMatchObject({ stage: 'xml', rule: 'xml-well-formed' });
    expect(error.line).toBeGreaterThan(0);
  });

  it('answers 400 invalid naming member_id, the body or the file', async () => {
    const { xml } = audioMessage();
    expect((await expectError(await post('/v1/ddex/validate?member_id=abc', xml), 400, 'invalid')).field).toBe('member_id');
    expect((await expectError(await post('/v1/ddex/validate?member_id=0', xml), 400, 'invalid')).field).toBe('member_id');
    expect((await expectError(await post('/v1/ddex/validate', '', { 'content-type': 'application/xml' }), 400, 'invalid')).field).toBe('body');
    const form = new FormData();
    form.append('member_id', 'twelve');
    form.append('file', new Blob([xml]), 'a.xml');
    expect((await expectError(await post('/v1/ddex/validate', form), 400, 'invalid')).field).toBe('member_id');
    const noFile = new FormData();
    noFile.append('member_id', String(account.memberId));
    expect((await expectError(await post('/v1/ddex/validate', noFile), 400, 'invalid')).field).toBe('file');
  });

  it('answers 413 too_large above the dry-run limit (declared length, streamed body, multipart)', async () => {
    const big = Buffer.alloc(LIMIT + 1000, 0x20);
    const declared = await expectError(await post('/v1/ddex/validate', new Uint8Array(big), { 'content-type': 'application/xml' }), 413, 'too_large');
    expect(declared.limit_bytes).toBe(LIMIT);
    const stream = new ReadableStream({
      start(controller) {
        for (let i = 0; i < 5; i++) controller.enqueue(new Uint8Array(LIMIT / 4));
        controller.close();
      },
    });
    await expectError(
      await server.fetch('/v1/ddex/validate', { method: 'POST', headers: { ...bearer(account.key), 'content-type': 'application/xml' }, body: stream, duplex: 'half' } as RequestInit),
      413,
      'too_large',
    );
    const form = new FormData();
    form.append('file', new Blob([big]), 'big.xml');
    await expectError(await post('/v1/ddex/validate', form), 413, 'too_large');
  });
});

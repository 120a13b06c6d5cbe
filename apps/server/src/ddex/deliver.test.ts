/** POST /ddex, GET /ddex, GET /ddex/{id}: queued to done/partial/failed, drafts created, updated, flagged, left out. */
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, bearer, setUpAccount, TestServer } from '../../test/support/server-process.js';
import { expectError, expectSchema } from '../../test/support/api-schemas.js';
import { albumZip, audioMessage, BROKEN_XML } from '../../test/support/ddex-fixtures.js';
import { deliver, waitForDelivery } from '../../test/support/deliveries.js';

const RAW_LIMIT = 300_000;
const MULTIPART_LIMIT = 200_000;

describe.each(backends())('deliveries ($name)', (backend) => {
  let server: TestServer;
  let account: Awaited<ReturnType<typeof setUpAccount>>;
  beforeAll(async () => {
    server = await TestServer.start(backend, { DELIVER_RAW_MAX_BYTES: String(RAW_LIMIT), DELIVER_MULTIPART_MAX_BYTES: String(MULTIPART_LIMIT), DELIVERY_POLL_MS: '100' });
    account = await setUpAccount(server, { scopes: ['ddex:write'] });
  });
  afterAll(() => server?.stop());

  it('queues a raw XML delivery (202) and imports it as a draft with its recordings', async () => {
    const { xml, upc } = audioMessage({ title: 'First Light' });
    const queued = await deliver(server, account.key, xml, { contentType: 'application/xml' });
    expectSchema({ data: queued }, 'deliver-response.schema.json');
    expect(queued).toEqual({ id: queued.id, status: 'queued', environment: 'production', status_url: `${server.url}/v1/ddex/${queued.id}` });

    const done = await waitForDelivery(server, account.key, queued.id);
    const detail = await (await server.fetch(`/v1/ddex/${queued.id}`, { headers: bearer(account.key) })).json();
    expectSchema(detail, 'delivery-response.schema.json');
    expect(done).toMatchObject({
      id: queued.id,
      member_id: account.ownMemberId,
      environment: 'production',
      batch_name: 'message.xml',
      status: 'done',
      error: null,
      message_id: 'Test1.1',
      ern_version: '4.3',
      message_count: 1,
      release_count: 1,
      track_count: 21,
      created_count: 1,
      updated_count: 0,
      flagged_count: 0,
      left_out_count: 0,
      needs_staff: false,
    });
    expect(Date.parse(done.started_at)).toBeGreaterThanOrEqual(Date.parse(done.created_at));
    expect(Date.parse(done.finished_at)).toBeGreaterThanOrEqual(Date.parse(done.started_at));
    expect(done.items).toEqual([{ ref: 'R0', title: 'First Light', upc, outcome: 'created', release_id: done.release_ids[0], errors: [], changes: null }]);

    const releases = await server.admin('release', 'list', '--member', String(account.ownMemberId));
    expect(releases).toEqual([expect.objectContaining({ id: done.release_ids[0], upc, title: 'First Light', release_status: 'in_review', delivery_state: 'not_started' })]);
    const recordings = await server.admin<{ isrc: string }[]>('recordings', '--member', String(account.ownMemberId));
    expect(recordings).toHaveLength(21);
  });

  it('updates the draft when the UPC is already on the member, and flags an update of a live release for staff', async () => {
    const { xml, upc } = audioMessage({ title: 'Version One' });
    const first = await waitForDelivery(server, account.key, (await deliver(server, account.key, xml, { contentType: 'application/xml' })).id);
    const releaseId = first.items[0].release_id;
    const again = audioMessage({ upc, title: 'Version Two' });
    const second = await waitForDelivery(server, account.key, (await deliver(server, account.key, again.xml, { contentType: 'application/xml' })).id);
    expect(second).toMatchObject({ status: 'done', created_count: 0, updated_count: 1, needs_staff: false, release_ids: [releaseId] });
    expect(second.items[0]).toMatchObject({ outcome: 'updated', release_id: releaseId });
    const afterUpdate = await server.admin<{ id: number; title: string }[]>('release', 'list', '--member', String(account.ownMemberId));
    expect(afterUpdate.filter((r) => r.id === releaseId).map((r) => r.title)).toEqual(['Version Two']);

    await server.admin('release', 'set', '--id', String(releaseId), '--delivery-state', 'live');
    const third = await waitForDelivery(server, account.key, (await deliver(server, account.key, audioMessage({ upc, title: 'Version Three' }).xml, { contentType: 'application/xml' })).id);
    expect(third).toMatchObject({ status: 'done', flagged_count: 1, updated_count: 0, created_count: 0, needs_staff: true, release_ids: [releaseId] });
    expect(third.items[0]).toMatchObject({ outcome: 'flagged', release_id: releaseId });
    const afterFlag = await server.admin<{ id: number; title: string }[]>('release', 'list', '--member', String(account.ownMemberId));
    expect(afterFlag.filter((r) => r.id === releaseId).map((r) => r.title)).toEqual(['Version Two']);
  });

  it('delivers a multipart file to a member of the account, and a zip on the legacy base', async () => {
    const { xml, upc } = audioMessage();
    const form = new FormData();
    form.append('member_id', String(account.memberId));
    form.append('file', new Blob([xml], { type: 'application/xml' }), 'drop-42.xml');
    const queued = await deliver(server, account.key, form);
    const done = await waitForDelivery(server, account.key, queued.id);
    expect(done).toMatchObject({ member_id: account.memberId, batch_name: 'drop-42.xml', status: 'done', created_count: 1 });
    const onMember = await server.admin<{ upc: string }[]>('release', 'list', '--member', String(account.memberId));
    expect(onMember.map((r) => r.upc)).toContain(upc);

    const { zip } = await albumZip();
    const legacy = await deliver(server, account.key, new Uint8Array(zip), { base: '/api/v1', contentType: 'application/zip', query: `?member_id=${account.memberId}&name=drop-43.zip` });
    expect(legacy.status_url).toBe(`${server.url}/api/v1/ddex/${legacy.id}`);
    expect(await waitForDelivery(server, account.key, legacy.id)).toMatchObject({ batch_name: 'drop-43.zip', status: 'done', created_count: 1 });
  });

  it('leaves out a release with errors, each error naming its DDEX field (failed), and reports partial batches', async () => {
    const bad = audioMessage({ upc: '123' });
    const failed = await waitForDelivery(server, account.key, (await deliver(server, account.key, bad.xml, { contentType: 'application/xml' })).id);
    expect(failed).toMatchObject({ status: 'failed', created_count: 0, left_out_count: 1, release_ids: [] });
    expect(failed.error).toMatch(/left out/);
    expect(failed.items).toHaveLength(1);
    expect(failed.items[0]).toMatchObject({ ref: 'R0', upc: '123', outcome: 'left_out', release_id: null });
    const icpn = failed.items[0].errors.find((e: { field: string }) => e.field.endsWith('/ICPN'));
    expect(icpn).toMatchObject({ rule: 'codes-icpn-valid', field: '/NewReleaseMessage/ReleaseList/Release/ReleaseId/ICPN' });
    expect(icpn.line).toBeGreaterThan(1000);
    expect(icpn.column).toBeGreaterThan(0);
    expect(await server.admin<{ upc: string }[]>('release', 'list', '--member', String(account.ownMemberId))).not.toContainEqual(expect.objectContaining({ upc: '123' }));

    const good = await albumZip({ extra: { 'bad.xml': audioMessage({ upc: '456' }).xml } });
    const zip = good.zip;
    const partial = await waitForDelivery(server, account.key, (await deliver(server, account.key, new Uint8Array(zip), { contentType: 'application/zip' })).id);
    expect(partial).toMatchObject({ status: 'partial', message_count: 2, release_count: 2, created_count: 1, left_out_count: 1, error: null });
    expect(partial.items.map((i: { upc: string; outcome: string }) => [i.upc, i.outcome]).sort()).toEqual([
      ['456', 'left_out'],
      [good.upc, 'created'],
    ]);

    // Each delivery wrote its events with its changes: queued, then its outcome.
    const events = await server.admin<{ type: string; data: { delivery: { id: number; status: string } } }[]>('events', '--account', String(account.accountId));
    const of = (id: number) => events.filter((e) => e.data.delivery?.id === id).map((e) => [e.type, e.data.delivery.status]);
    expect(of(failed.id)).toEqual([['ddex.delivery.queued', 'queued'], ['ddex.delivery.failed', 'failed']]);
    expect(of(partial.id)).toEqual([['ddex.delivery.queued', 'queued'], ['ddex.delivery.partial', 'partial']]);
  });

  it('fails an unreadable batch with the reason', async () => {
    const failed = await waitForDelivery(server, account.key, (await deliver(server, account.key, BROKEN_XML, { contentType: 'application/xml' })).id);
    expect(failed).toMatchObject({ status: 'failed', release_count: 0, items: [] });
    expect(failed.error).toMatch(/well-formed|XML/i);
  });

  it('lists deliveries newest first with every field', async () => {
    const queued = await deliver(server, account.key, audioMessage().xml, { contentType: 'application/xml' });
    const response = await server.fetch('/api/v1/ddex', { headers: bearer(account.key) });
    expect(response.status).toBe(200);
    const list = await response.json();
    expectSchema(list, 'deliveries-response.schema.json');
    const ids = list.data.map((d: { id: number }) => d.id);
    expect(ids[0]).toBe(queued.id);
    expect([...ids].sort((a: number, b: number) => b - a)).toEqual(ids);
    expect(ids.length).toBeGreaterThanOrEqual(8);
    expect(list.data[0]).not.toHaveProperty('items');
    await waitForDelivery(server, account.key, queued.id);
  });

  it('builds status_url from the host that was called', async () => {
    const { xml } = audioMessage();
    const url = new URL('/api/v1/ddex', server.url);
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = http.request(url, { method: 'POST', headers: { ...bearer(account.key), host: 'partner-portal.example:8443', 'content-type': 'application/xml' } }, (res) => {
        let body = '';
        res.on('data', (d) => (body += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      request.on('error', reject);
      request.end(xml);
    });
    expect(answer.status).toBe(202);
    const data = JSON.parse(answer.body).data;
    expect(data.status_url).toBe(`http://partner-portal.example:8443/api/v1/ddex/${data.id}`);
    await waitForDelivery(server, account.key, data.id);
  });

  it('answers 400 invalid, 404 not_found and 413 too_large before queuing anything', async () => {
    const post = (query: string, body: BodyInit, headers: Record<string, string> = {}) =>
      server.fetch(`/v1/ddex${query}`, { method: 'POST', headers: { ...bearer(account.key), ...headers }, body });
    const before = (await (await server.fetch('/v1/ddex', { headers: bearer(account.key) })).json()).data.length;
    expect((await expectError(await post('', '', { 'content-type': 'application/xml' }), 400, 'invalid')).field).toBe('body');
    expect((await expectError(await post('?member_id=x1', 'x'), 400, 'invalid')).field).toBe('member_id');
    expect((await expectError(await post('?name=../../etc/passwd', 'x'), 400, 'invalid')).field).toBe('name');
    const stranger = await setUpAccount(server);
    await expectError(await post(`?member_id=${stranger.memberId}`, audioMessage().xml), 404, 'not_found');
    const raw = await expectError(await post('', new Uint8Array(RAW_LIMIT + 10), { 'content-type': 'application/zip' }), 413, 'too_large');
    expect(raw.limit_bytes).toBe(RAW_LIMIT);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(MULTIPART_LIMIT + 10)]), 'big.zip');
    expect((await expectError(await post('', form), 413, 'too_large')).limit_bytes).toBe(MULTIPART_LIMIT);
    const after = (await (await server.fetch('/v1/ddex', { headers: bearer(account.key) })).json()).data.length;
    expect(after).toBe(before);
  });
});

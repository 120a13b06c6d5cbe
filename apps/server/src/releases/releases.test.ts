/**
 * Releases (issue 17): GET /releases and /releases/{id}, their filters and paging, the staff's
 * decisions as admin commands (allowed and refused moves, each with its event in the outbox), the
 * stores' status and phase, and the deprecated words of spec 9.4 with and without their headers,
 * before and after the sunset. Through the real bin, on every backend.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, bearer, setUpAccount, TestServer } from '../../test/support/server-process.js';
import { expectError, expectSchema } from '../../test/support/api-schemas.js';
import { albumZip, audioMessage } from '../../test/support/ddex-fixtures.js';
import { deliver, waitForDelivery } from '../../test/support/deliveries.js';

const SUNSET_MS = Date.UTC(2027, 3, 30);

describe.each(backends())('releases ($name)', (backend) => {
  let server: TestServer;
  let account: Awaited<ReturnType<typeof setUpAccount>>;
  const ids: number[] = [];
  beforeAll(async () => {
    server = await TestServer.start(backend, { DELIVERY_POLL_MS: '100' });
    account = await setUpAccount(server, { scopes: ['catalog:read', 'ddex:write'] });
    // Three releases: two on the own catalog, one on the member.
    for (const query of ['', '', `?member_id=${account.memberId}`]) {
      const { zip } = await albumZip();
      const { id } = await deliver(server, account.key, new Uint8Array(zip), { contentType: 'application/zip', query });
      const done = await waitForDelivery(server, account.key, id);
      expect(done.status).toBe('done');
      ids.push(done.release_ids[0]);
    }
  });
  afterAll(() => server?.stop());

  const get = (path: string, key = account.key) => server.fetch(path, { headers: bearer(key) });
  const list = async (query = '') => {
    const response = await get(`/v1/releases${query}`);
    expect(response.status).toBe(200);
    const body = await response.json();
    expectSchema(body, 'releases-response.schema.json');
    return { body, deprecated: response.headers.get('deprecation'), sunset: response.headers.get('sunset') };
  };
  const staff = (...args: string[]) => server.admin('release', ...args);
  const refused = async (...args: string[]) => {
    try {
      await server.admin('release', ...args);
    } catch (error) {
      return error as { code: number; stderr: string };
    }
    throw new Error(`admin release ${args.join(' ')} was not refused`);
  };

  it('lists the account\'s releases newest first, with the deprecated words and their headers', async () => {
    const { body, deprecated, sunset } = await list();
    expect(body.data.map((r: { id: number }) => r.id)).toEqual([...ids].reverse());
    expect(body.has_more).toBe(false);
    expect(body.data[0]).toMatchObject({ release_status: 'in_review', status: 'pending', delivery_state: 'not_started', stores: {}, member_id: account.memberId });
    expect(deprecated).toBe('@1791763200');
    expect(sunset).toBe('Fri, 30 Apr 2027 00:00:00 GMT');
    const one = await get(`/v1/releases/${ids[0]}`);
    const detail = await one.json();
    expectSchema(detail, 'release-response.schema.json');
    expect(detail.data).toMatchObject({ id: ids[0], release_status: 'in_review', status: 'pending', created_by_delivery_id: expect.any(Number) });
    expect(one.headers.get('deprecation')).toBe('@1791763200');
  });

  it('filters by member, UPC and status, and pages with limit and before', async () => {
    expect((await list(`?member_id=${account.memberId}`)).body.data.map((r: { id: number }) => r.id)).toEqual([ids[2]]);
    const upc = (await (await get(`/v1/releases/${ids[1]}`)).json()).data.upc;
    expect((await list(`?upc=${upc}`)).body.data.map((r: { id: number }) => r.id)).toEqual([ids[1]]);
    const first = await list('?limit=2');
    expect(first.body.data.map((r: { id: number }) => r.id)).toEqual([ids[2], ids[1]]);
    expect(first.body.has_more).toBe(true);
    const second = await list(`?limit=2&before=${ids[1]}`);
    expect(second.body.data.map((r: { id: number }) => r.id)).toEqual([ids[0]]);
    expect(second.body.has_more).toBe(false);
    for (const [query, field] of [['?limit=0', 'limit'], ['?limit=101', 'limit'], ['?status=live', 'status'], ['?member_id=01', 'member_id'], ['?before=x', 'before']]) {
      expect(await expectError(await get(`/v1/releases${query}`), 400, 'invalid')).toMatchObject({ field });
    }
  });

  it('moves releases through the staff\'s decisions, each with its event; refuses illegal moves', async () => {
    const [a, b, c] = ids;
    expect(await staff('approve', '--id', String(a))).toMatchObject({ id: a, release_status: 'approved' });
    expect((await list('?status=approved')).body.data.map((r: { id: number; status: string }) => [r.id, r.status])).toEqual([[a, 'approved']]);

    const live = await staff('store-status', '--id', String(a), '--store', 'spotify', '--status', 'live', '--phase', 'live');
    expect(live.release.delivery_state).toBe('live');
    await staff('store-status', '--id', String(a), '--store', 'apple_music', '--status', 'in_progress', '--phase', 'sent');
    const detail = (await (await get(`/v1/releases/${a}`)).json()).data;
    expect(detail).toMatchObject({ release_status: 'approved', status: 'distributed', delivery_state: 'partially_live' });
    expect(detail.stores).toEqual({
      apple_music: { status: 'in_progress', phase: 'sent', state: 'sent', updated_at: expect.any(String) },
      spotify: { status: 'live', phase: 'live', state: 'live', updated_at: expect.any(String) },
    });

    // Deprecated filters of 9.4, each with the headers.
    const distributed = await list('?status=distributed');
    expect(distributed.body.data.map((r: { id: number }) => r.id)).toEqual([a]);
    expect(distributed.deprecated).toBe('@1791763200');
    expect((await list('?status=pending')).body.data.map((r: { id: number }) => r.id)).toEqual([c, b]);

    expect((await refused('request-changes', '--id', String(a), '--reason', 'cover')).stderr).toMatch(/live in stores/);
    expect((await refused('request-changes', '--id', String(b))).stderr).toMatch(/--reason/);
    expect(await staff('request-changes', '--id', String(b), '--reason', 'The cover is blurred.')).toMatchObject({ release_status: 'changes_requested' });
    const rejected = await list('?status=rejected');
    expect(rejected.body.data.map((r: { id: number; status: string; status_reason: string }) => [r.id, r.status, r.status_reason])).toEqual([[b, 'rejected', 'The cover is blurred.']]);
    expect((await list('?status=changes_requested')).body.data.map((r: { id: number }) => r.id)).toEqual([b]);

    expect(await staff('take-down', '--id', String(a), '--reason', 'Rights dispute')).toMatchObject({ release_status: 'taken_down' });
    expect((await (await get(`/v1/releases/${a}`)).json()).data.status).toBe('archived');
    expect(await staff('archive', '--id', String(c))).toMatchObject({ release_status: 'archived' });
    expect((await list('?status=archived')).body.data.map((r: { id: number; status: string }) => [r.id, r.status])).toEqual([[c, 'archived']]);

    const illegal = await refused('approve', '--id', String(c));
    expect(illegal.code).toBe(2);
    expect(illegal.stderr).toMatch(/is archived: it cannot be moved to approved/);
    expect((await refused('store-status', '--id', String(b), '--store', 'spotify', '--status', 'live', '--phase', 'live')).stderr).toMatch(/stores only take approved/);
    expect((await refused('store-status', '--id', String(a), '--store', 'spotify', '--status', 'shining', '--phase', 'live')).stderr).toMatch(/status must be one of/);

    const all = await server.admin<{ type: string; data: { release: { id: number; title: string } } }[]>('events', '--account', String(account.accountId));
    // The deliveries' own events (ddex.delivery.*) come first; the staff's follow.
    const events = all.filter((e) => !e.type.startsWith('ddex.'));
    expect(all.filter((e) => e.type === 'ddex.delivery.done')).toHaveLength(3);
    expect(events.map((e) => e.type)).toEqual([
      'release.approved',
      'delivery.store_status_changed',
      'delivery.store_status_changed',
      'release.changes_requested',
      'release.taken_down',
      'release.archived',
    ]);
    expect(events[0].data.release).toEqual({ id: a, title: detail.title, upc: detail.upc, member_id: detail.member_id });
  });

  it('turns an update of a live release into a staff request that staff resolve', async () => {
    const { zip, upc } = await albumZip();
    const first = await waitForDelivery(server, account.key, (await deliver(server, account.key, new Uint8Array(zip), { contentType: 'application/zip' })).id);
    const id = first.release_ids[0];
    await staff('approve', '--id', String(id));
    await staff('store-status', '--id', String(id), '--store', 'spotify', '--status', 'live', '--phase', 'live');
    const update = await waitForDelivery(server, account.key, (await deliver(server, account.key, new Uint8Array(zip), { contentType: 'application/zip' })).id);
    expect(update.items.map((i: { outcome: string }) => i.outcome)).toEqual(['flagged']);
    const open = await server.admin<{ id: number; upc: string; resolution: string | null }[]>('request', 'list', '--account', String(account.accountId));
    const request = open.find((r) => r.upc === upc)!;
    expect(request).toMatchObject({ resolution: null });
    expect(await server.admin('request', 'resolve', '--id', String(request.id), '--resolution', 'approved', '--note', 'Metadata fix accepted')).toEqual({ id: request.id, resolution: 'approved' });
    const after = await server.admin<{ id: number }[]>('request', 'list', '--account', String(account.accountId));
    expect(after.map((r) => r.id)).not.toContain(request.id);
    await expect(server.admin('request', 'resolve', '--id', String(request.id), '--resolution', 'approved')).rejects.toMatchObject({ code: 2 });
    // The release itself stays as staff left it.
    expect((await (await get(`/v1/releases/${id}`)).json()).data).toMatchObject({ release_status: 'approved', delivery_state: 'live' });
    await staff('archive', '--id', String(id));
  });

  it('holds an update of an approved release that is not live for staff, as an update of a live one: its data stays as approved', async () => {
    const partner = await setUpAccount(server, { scopes: ['catalog:read', 'ddex:write'] });
    const first = audioMessage({ title: 'Approved Title' });
    const created = await waitForDelivery(server, partner.key, (await deliver(server, partner.key, first.xml, { contentType: 'application/xml' })).id);
    const id = created.release_ids[0];
    await staff('approve', '--id', String(id));
    const approved = (await (await get(`/v1/releases/${id}`, partner.key)).json()).data;
    expect(approved).toMatchObject({ title: 'Approved Title', release_status: 'approved', delivery_state: 'not_started' });

    // A dry run of the update answers what the delivery then does: flagged for staff, saying why.
    const updateXml = audioMessage({ upc: first.upc, title: 'Unreviewed Title' }).xml;
    const dry = await (await server.fetch('/v1/ddex/validate', { method: 'POST', headers: { ...bearer(partner.key), 'content-type': 'application/xml' }, body: updateXml })).json();
    expect(dry.data.verdict).toBe('would_be_flagged');
    const staffCheck = `Release R0 (UPC ${first.upc}) is already approved by staff as "Approved Title"; this delivery updates it and needs a staff review.`;
    expect(dry.data.checks.filter((c: { rule: string; status: string }) => c.rule === 'codes-upc-live-update' && c.status === 'warning').map((c: { message: string }) => c.message)).toEqual([staffCheck]);
    const update = await waitForDelivery(server, partner.key, (await deliver(server, partner.key, updateXml, { contentType: 'application/xml' })).id);
    expect(update).toMatchObject({ status: 'done', flagged_count: 1, updated_count: 0, needs_staff: true, release_ids: [id] });
    expect(update.items[0]).toMatchObject({ outcome: 'flagged', release_id: id });
    // Nothing of the update reached the release: title, status and last delivery as staff approved them.
    expect((await (await get(`/v1/releases/${id}`, partner.key)).json()).data).toMatchObject({ title: 'Approved Title', release_status: 'approved', updated_at: approved.updated_at });
    const requests = await server.admin<{ release_id: number; delivery_id: number; reason: string; resolution: string | null }[]>('request', 'list', '--account', String(partner.accountId));
    expect(requests).toEqual([expect.objectContaining({ release_id: id, delivery_id: update.id, resolution: null, reason: staffCheck })]);
    // The delivery's event says so; no release event (the release did not change).
    const events = await server.admin<{ type: string; data: { delivery?: { id: number; flagged_count: number; updated_count: number } } }[]>('events', '--account', String(partner.accountId));
    expect(events.filter((e) => e.data.delivery?.id === update.id).map((e) => [e.type, e.data.delivery!.flagged_count, e.data.delivery!.updated_count])).toEqual([
      ['ddex.delivery.queued', 0, 0],
      ['ddex.delivery.done', 1, 0],
    ]);
    expect(events.filter((e) => e.type.startsWith('release.')).map((e) => e.type)).toEqual(['release.approved']);

    // Taken down: the same (a re-delivery is no way back to the stores without staff).
    await staff('take-down', '--id', String(id), '--reason', 'Rights dispute');
    const again = await waitForDelivery(server, partner.key, (await deliver(server, partner.key, audioMessage({ upc: first.upc, title: 'Back Again' }).xml, { contentType: 'application/xml' })).id);
    expect(again.items[0]).toMatchObject({ outcome: 'flagged', release_id: id });
    expect((await (await get(`/v1/releases/${id}`, partner.key)).json()).data).toMatchObject({ title: 'Approved Title', release_status: 'taken_down' });
  });

  it('keeps other accounts out: 404 for a release, an empty list for a member or UPC', async () => {
    const other = await setUpAccount(server, { scopes: ['catalog:read'] });
    await expectError(await get(`/v1/releases/${ids[0]}`, other.key), 404, 'not_found');
    const upc = (await (await get(`/v1/releases/${ids[1]}`)).json()).data.upc;
    for (const query of ['', `?member_id=${account.memberId}`, `?upc=${upc}`]) {
      const response = await get(`/v1/releases${query}`, other.key);
      expect((await response.json()).data).toEqual([]);
      // Nothing carries a deprecated word: no headers.
      expect(response.headers.get('deprecation')).toBeNull();
      expect(response.headers.get('sunset')).toBeNull();
    }
    const noScope = await setUpAccount(server, { scopes: ['ddex:write'] });
    expect(await expectError(await get('/v1/releases', noScope.key), 403, 'insufficient_scope')).toMatchObject({ scope: 'catalog:read' });
  });

  it('drops the deprecated words, their headers and the old filters after the sunset', async () => {
    server.moveClock(SUNSET_MS - Date.now() + 60_000);
    try {
      const { body, deprecated, sunset } = await list();
      expect(body.data.length).toBe(4);
      for (const r of body.data) {
        expect(r).not.toHaveProperty('status');
        for (const s of Object.values(r.stores) as object[]) expect(s).not.toHaveProperty('state');
      }
      expect(deprecated).toBeNull();
      expect(sunset).toBeNull();
      for (const old of ['pending', 'rejected', 'distributed']) {
        expect(await expectError(await get(`/v1/releases?status=${old}`), 400, 'invalid')).toMatchObject({ field: 'status' });
      }
    } finally {
      server.moveClock(0);
    }
  });
});

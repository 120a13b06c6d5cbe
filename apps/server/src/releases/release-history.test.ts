/**
 * Release history (issue 45): every delivery that touched a release is kept with what it changed
 * against the catalog. An identical re-delivery says "no change"; a changed title and an ended deal
 * are named; an update flagged for staff (release approved) and a delivery left out (schema-invalid
 * message) still get their entry, and the next delivery is compared with the last imported one,
 * not with them. Another account's release is 404. Through the real bin, on every backend.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, bearer, setUpAccount, TestServer } from '../../test/support/server-process.js';
import { expectError, expectSchema } from '../../test/support/api-schemas.js';
import { albumZip } from '../../test/support/ddex-fixtures.js';
import { deliver, waitForDelivery } from '../../test/support/deliveries.js';

const DELUXE = (xml: string) => xml.replace(/(<Release>[\s\S]*?<DisplayTitleText>)Harbour Lights(<\/DisplayTitleText>\s*<DisplayTitle>\s*<TitleText>)Harbour Lights/, '$1Harbour Lights (Deluxe)$2Harbour Lights (Deluxe)');
/** The download deal (PermanentDownload/PayAsYouGoModel) ends on 2027-06-30. */
const DOWNLOAD_ENDS = (xml: string) => xml.replace('<StartDate>2026-12-04</StartDate>\n          </ValidityPeriod>\n          <CommercialModelType>PayAsYouGoModel</CommercialModelType>', '<StartDate>2026-12-04</StartDate>\n            <EndDate>2027-06-30</EndDate>\n          </ValidityPeriod>\n          <CommercialModelType>PayAsYouGoModel</CommercialModelType>');

/** The original album's changes against the Deluxe delivery. */
const BACK_TO_ORIGINAL = 'offered in Worldwide with no end date (was until 2027-06-30) (PermanentDownload/PayAsYouGoModel); title changed: Harbour Lights (Deluxe) -> Harbour Lights';

describe.each(backends())('release history ($name)', (backend) => {
  let server: TestServer;
  let account: Awaited<ReturnType<typeof setUpAccount>>;
  let other: Awaited<ReturnType<typeof setUpAccount>>;
  let album: { upc: string; registrant: string };
  let releaseId: number;
  beforeAll(async () => {
    server = await TestServer.start(backend, { DELIVERY_POLL_MS: '100' });
    account = await setUpAccount(server, { scopes: ['catalog:read', 'ddex:write'] });
    other = await setUpAccount(server, { scopes: ['catalog:read', 'ddex:write'] });
  });
  afterAll(() => server?.stop());

  const get = async (path: string, schema: string, key = account.key) => {
    const response = await server.fetch(path, { headers: bearer(key) });
    const body = await response.json();
    expect(response.status, JSON.stringify(body)).toBe(200);
    expectSchema(body, schema);
    return body;
  };
  /** Delivers the album (edited) and gives its one item, as GET /ddex/{id} answers it. */
  const deliverAlbum = async (edit?: (xml: string) => string) => {
    const { zip } = await albumZip({ ...album, edit });
    const { id } = await deliver(server, account.key, new Uint8Array(zip), { contentType: 'application/zip' });
    await waitForDelivery(server, account.key, id);
    const delivery = (await get(`/v1/ddex/${id}`, 'delivery-response.schema.json')).data;
    expect(delivery.items).toHaveLength(1);
    return { id, item: delivery.items[0] };
  };
  const history = async () => (await get(`/v1/releases/${releaseId}/history`, 'release-history-response.schema.json')).data;

  it('a new release: the item has no changes, the history one entry, the release links it', async () => {
    const first = await albumZip();
    album = { upc: first.upc, registrant: first.registrant };
    const { id, item } = await deliverAlbum();
    expect(item).toMatchObject({ outcome: 'created', changes: null });
    releaseId = item.release_id;
    const release = (await get(`/v1/releases/${releaseId}`, 'release-response.schema.json')).data;
    expect(release.history_url).toBe(`${server.url}/v1/releases/${releaseId}/history`);
    // On the legacy base, the link follows the base called.
    const legacy = await server.fetch(`/api/v1/releases/${releaseId}`, { headers: bearer(account.key) });
    expect((await legacy.json()).data.history_url).toBe(`${server.url}/api/v1/releases/${releaseId}/history`);
    expect(await (await server.fetch(new URL(release.history_url).pathname, { headers: bearer(account.key) })).json()).toEqual({
      data: [{ id: expect.any(Number), delivery_id: id, message_id: expect.any(String), file: `${album.upc}.xml`, created_at: expect.any(String), outcome: 'created', summary: 'new release', changes: null }],
      has_more: false,
    });
  });

  it('an identical re-delivery: "no change", and a second entry', async () => {
    const { id, item } = await deliverAlbum();
    expect(item).toMatchObject({ outcome: 'updated', release_id: releaseId, changes: { summary: 'no change', count: 0, items: [] } });
    const entries = await history();
    expect(entries.map((e: { delivery_id: number; outcome: string; summary: string }) => [e.delivery_id, e.outcome, e.summary])).toEqual([
      [id, 'updated', 'no change'],
      [expect.any(Number), 'created', 'new release'],
    ]);
    expect(entries[0].changes).toEqual({ summary: 'no change', count: 0, items: [] });
  });

  it('a re-delivery with a new title and an ended deal names both', async () => {
    const { item } = await deliverAlbum((xml) => DOWNLOAD_ENDS(DELUXE(xml)));
    expect(item.outcome).toBe('updated');
    expect(item.changes.count).toBe(2);
    expect(item.changes.items).toEqual([
      { field: 'ReleaseList/Release/DisplayTitleText', kind: 'changed', resource: null, old: 'Harbour Lights', new: 'Harbour Lights (Deluxe)' },
      expect.objectContaining({ field: 'DealList/ReleaseDeal/Deal/DealTerms', kind: 'changed', resource: null, old: expect.objectContaining({ use_type: 'PermanentDownload', until: null }), new: expect.objectContaining({ use_type: 'PermanentDownload', until: '2027-06-30' }) }),
    ]);
    expect(item.changes.summary).toBe('no longer offered in Worldwide from 2027-07-01 (PermanentDownload/PayAsYouGoModel); title changed: Harbour Lights -> Harbour Lights (Deluxe)');
    expect((await history())).toHaveLength(3);
  });

  it('an update flagged for staff still gets its entry; the next is compared with the last imported, not with it', async () => {
    await server.admin('release', 'approve', '--id', String(releaseId));
    // The original again: the title back, the deal open again, against the Deluxe delivery.
    const flagged = await deliverAlbum();
    expect(flagged.item.outcome).toBe('flagged');
    expect(flagged.item.changes.summary).toBe(BACK_TO_ORIGINAL);
    // The Deluxe delivery again: the catalog still holds it (the flagged one changed nothing).
    const again = await deliverAlbum((xml) => DOWNLOAD_ENDS(DELUXE(xml)));
    expect(again.item).toMatchObject({ outcome: 'flagged', changes: { summary: 'no change', count: 0 } });
    const entries = await history();
    expect(entries.map((e: { delivery_id: number; outcome: string }) => [e.delivery_id, e.outcome])).toEqual([
      [again.id, 'flagged'],
      [flagged.id, 'flagged'],
      [expect.any(Number), 'updated'],
      [expect.any(Number), 'updated'],
      [expect.any(Number), 'created'],
    ]);
    expect(entries[1].changes).toEqual(flagged.item.changes);
  });

  it('a delivery left out (its message breaks the schema) that names the release is in its history', async () => {
    const broken = await deliverAlbum((xml) => xml.replace('<ReleaseType>Single</ReleaseType>', '<ReleaseType>Single</ReleaseType>\n      <NotAnErnElement/>'));
    expect(broken.item).toMatchObject({ outcome: 'left_out', release_id: null });
    // Compared with the catalog (the Deluxe delivery), as the flagged original was.
    expect(broken.item.changes).toMatchObject({ count: 2, summary: BACK_TO_ORIGINAL });
    expect((await history())[0]).toMatchObject({ delivery_id: broken.id, outcome: 'left_out' });
  });

  it('pages with limit and before', async () => {
    const all = await history();
    const first = await get(`/v1/releases/${releaseId}/history?limit=2`, 'release-history-response.schema.json');
    expect(first.data.map((e: { id: number }) => e.id)).toEqual(all.slice(0, 2).map((e: { id: number }) => e.id));
    expect(first.has_more).toBe(true);
    const rest = await get(`/v1/releases/${releaseId}/history?before=${first.data[1].id}`, 'release-history-response.schema.json');
    expect(rest.data.map((e: { id: number }) => e.id)).toEqual(all.slice(2).map((e: { id: number }) => e.id));
    expect(rest.has_more).toBe(false);
    expect(await expectError(await server.fetch(`/v1/releases/${releaseId}/history?limit=0`, { headers: bearer(account.key) }), 400, 'invalid')).toMatchObject({ field: 'limit' });
  });

  it('another account\'s release, or one that does not exist: 404', async () => {
    await expectError(await server.fetch(`/v1/releases/${releaseId}/history`, { headers: bearer(other.key) }), 404, 'not_found');
    await expectError(await server.fetch(`/v1/releases/99999999/history`, { headers: bearer(account.key) }), 404, 'not_found');
    await expectError(await server.fetch(`/v1/releases/${releaseId}/history`), 401, 'unauthenticated');
  });
});

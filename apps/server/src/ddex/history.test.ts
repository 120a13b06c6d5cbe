/** Across batches (issue 19, choreography): the server flags an update or takedown of a release its history (the database) has never received. */
import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, bearer, setUpAccount, TestServer } from '../../test/support/server-process.js';
import { freshUpc } from '../../test/support/ddex-fixtures.js';
import { deliver, waitForDelivery } from '../../test/support/deliveries.js';

const SINGLE_382 = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../../../fixtures/messages/single-382.xml');
const DOWNLOAD_TERMS = '<CommercialModelType>PayAsYouGoModel</CommercialModelType>\n          <Usage>\n            <UseType>PermanentDownload</UseType>\n          </Usage>\n          <TerritoryCode>Worldwide</TerritoryCode>';

/** Our ERN 3.8.2 single with a fresh UPC and ISRC; `takedown` makes its download deal a TakeDown. */
function single(upc: string, isrc: string, takedown: boolean): string {
  let xml = fs.readFileSync(SINGLE_382, 'utf8').replaceAll('5012345678917', upc).replaceAll('GBXYZ2600011', isrc);
  if (takedown) xml = xml.replace(DOWNLOAD_TERMS, '<TakeDown>true</TakeDown>\n          <TerritoryCode>Worldwide</TerritoryCode>');
  return xml;
}

describe.each(backends())('history of batches ($name)', (backend) => {
  let server: TestServer;
  let account: Awaited<ReturnType<typeof setUpAccount>>;
  beforeAll(async () => {
    server = await TestServer.start(backend);
    account = await setUpAccount(server, { scopes: ['ddex:write', 'ddex:validate'] });
  });
  afterAll(() => server?.stop());

  const dryRun = async (xml: string) => {
    const response = await server.fetch('/v1/ddex/validate', { method: 'POST', headers: { ...bearer(account.key), 'content-type': 'application/xml' }, body: xml });
    expect(response.status).toBe(200);
    return (await response.json()).data;
  };
  const unknown = (report: { checks: { rule: string; status: string; message_id?: string }[] }) => report.checks.filter((c) => c.rule === 'codes-upc-unknown-update' && c.status !== 'pass').map((c) => c.message_id);

  it('a takedown of a release never delivered is flagged; once the release was delivered, it is not', async () => {
    const upc = freshUpc();
    const isrc = `GBXYZ26${String(crypto.randomInt(10000, 99999))}`;
    const before = await dryRun(single(upc, isrc, true));
    expect(unknown(before)).toEqual(['takedown']);
    expect(before.verdict).toBe('would_be_flagged');

    const original = await deliver(server, account.key, single(upc, isrc, false), { contentType: 'application/xml' });
    const done = await waitForDelivery(server, account.key, original.id);
    expect(done.status).toBe('done');

    const after = await dryRun(single(upc, isrc, true));
    expect(unknown(after)).toEqual([]);
  });
});

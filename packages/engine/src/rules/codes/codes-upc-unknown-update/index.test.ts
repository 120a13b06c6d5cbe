import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runRule } from '../../testing/rule-tester.js';
import { F382 } from '../../testing/base-fragments.js';
import { JsonCatalog } from '../../../catalog/json-catalog.js';
import { sample } from '../../../test-support.js';
import { expectFindings } from '../../testing/pin.js';

const ID = 'codes-upc-unknown-update';
const known = new JsonCatalog('member-1', [{ upc: '5012345678917', memberId: 'member-1', live: true, title: 'Tidewater' }]);
const empty = new JsonCatalog('member-1', []);
const TAKEDOWN = [F382.downloadTerms, '<TakeDown>true</TakeDown>\n          <TerritoryCode>Worldwide</TerritoryCode>'] as const;
const UPDATE = ['<MessageCreatedDateTime>', '<MessageCreatedDateTime>'] as const;

describe(ID, () => {
  it('without a catalog the rule is not run at all (no check)', async () => {
    expect((await runRule(ID, { version: '3.8.2', edits: [TAKEDOWN] })).all).toEqual([]);
  });

  it('an original message of a new release is not flagged', async () => {
    expect((await runRule(ID, { version: '3.8.2', catalog: empty })).findings).toEqual([]);
  });

  it('a takedown of a release the catalog has never received is flagged for staff', async () => {
    const run = await runRule(ID, { version: '3.8.2', edits: [TAKEDOWN], catalog: empty });
    expectFindings(run, run.xml, [{ id: 'takedown', at: '<ICPN IsEan="true">', path: '/NewReleaseMessage/ReleaseList/Release/ReleaseId/ICPN' }]);
    expect(run.findings.map((f) => [f.message_id, f.release, f.needs_staff, f.status])).toEqual([['takedown', 'R0', true, 'warning']]);
  });

  it('a takedown of a known release is not', async () => {
    expect((await runRule(ID, { version: '3.8.2', edits: [TAKEDOWN], catalog: known })).findings).toEqual([]);
  });

  it('an ERN 3 UpdateMessage of an unknown release is flagged; of a known one it is not', async () => {
    const update = [['<UpdateIndicator>OriginalMessage</UpdateIndicator>', '<UpdateIndicator>UpdateMessage</UpdateIndicator>']] as const;
    const run = await runRule(ID, { version: '3.8.2', edits: update, catalog: empty });
    expectFindings(run, run.xml, [{ id: 'update', at: '<ICPN', path: '/NewReleaseMessage/ReleaseList/Release/ReleaseId/ICPN' }]);
    expect(run.findings.map((f) => [f.message_id, f.release, f.needs_staff])).toEqual([['update', 'R0', true]]);
    expect(run.findings[0].message).toBe('This message is an update of release R0 (UPC 5012345678917), which the catalog has never received.');
    expect((await runRule(ID, { version: '3.8.2', edits: update, catalog: known })).findings).toEqual([]);
  });

  it('a PurgeReleaseMessage of an unknown UPC is flagged; one naming only a GRid is not judged', async () => {
    const xml = readFileSync(sample('audius-ddex-processor/03_delete.xml'), 'utf8');
    expect((await runRule(ID, { version: '3.8.2', xml, catalog: empty })).findings).toEqual([]);
    const withUpc = xml.replace('<GRid>A1B2C3D4E5F6G7H8I9J0K1L2M3N4O5P6Q7R8S9T0</GRid>', '<ICPN>5012345678924</ICPN>');
    const run = await runRule(ID, { version: '3.8.2', xml: withUpc, catalog: empty });
    expectFindings(run, run.xml, [{ id: 'takedown', at: '<ICPN>5012345678924', path: '/PurgeReleaseMessage/PurgedRelease/ReleaseId/ICPN' }]);
    expect(run.findings.map((f) => [f.message_id, f.needs_staff])).toEqual([['takedown', true]]);
    const knownPurge = new JsonCatalog('member-1', [{ upc: '5012345678924', memberId: 'member-1', live: false }]);
    expect((await runRule(ID, { version: '3.8.2', xml: withUpc, catalog: knownPurge })).findings).toEqual([]);
  });
});

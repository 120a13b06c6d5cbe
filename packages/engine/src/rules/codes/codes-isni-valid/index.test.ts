import { describe, expect, it } from 'vitest';
import { runRule } from '../../testing/rule-tester.js';
import { expectFindings } from '../../testing/pin.js';

const party43 = '<FullName>The Lamplighters</FullName>\n      </PartyName>';
const artist382 = '<FullName>The Lamplighters</FullName>\n          </PartyName>\n          <ArtistRole>MainArtist</ArtistRole>\n        </DisplayArtist>\n        <LabelName>';

describe('codes-isni-valid', () => {
  it.each(['4.3', '3.8.2'] as const)('passes the %s base message', async (version) => {
    expect((await runRule('codes-isni-valid', { version })).findings).toEqual([]);
  });
  it.each([
    ['0000000121032683', null],
    ['0000 0001 2103 2683', null],
    ['0000000121032684', 'checkChar'],
    ['000000012103268', 'syntax'],
  ] as const)('ERN 4.3 PartyId/ISNI %s', async (isni, messageId) => {
    const run = await runRule('codes-isni-valid', { version: '4.3', edits: [[party43, `${party43}\n      <PartyId><ISNI>${isni}</ISNI></PartyId>`]] });
    if (!messageId) return expect(run.findings).toEqual([]);
    expectFindings(run, run.xml, [{ id: messageId, at: '<ISNI>', path: '/NewReleaseMessage/PartyList/Party/PartyId/ISNI' }]);
    expect(run.findings[0].status).toBe('warning');
  });
  it('ERN 3.8.2: only a PartyId flagged IsISNI is an ISNI', async () => {
    const flagged = await runRule('codes-isni-valid', { version: '3.8.2', edits: [[artist382, artist382.replace('</PartyName>', '</PartyName>\n          <PartyId IsISNI="true">0000000121032684</PartyId>')]] });
    expectFindings(flagged, flagged.xml, [{ id: 'checkChar', at: '<PartyId IsISNI="true">', path: '/NewReleaseMessage/ResourceList/SoundRecording/SoundRecordingDetailsByTerritory/DisplayArtist/PartyId' }]);
    expect(flagged.findings.map((f) => f.message_id)).toEqual(['checkChar']);
    const other = await runRule('codes-isni-valid', { version: '3.8.2', edits: [[artist382, artist382.replace('</PartyName>', '</PartyName>\n          <PartyId Namespace="X">0000000121032684</PartyId>')]] });
    expect(other.findings).toEqual([]);
  });
});

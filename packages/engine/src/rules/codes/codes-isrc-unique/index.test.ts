import { describe, expect, it } from 'vitest';
import { runRule, lineOf } from '../../testing/rule-tester.js';
import { expectFindings } from '../../testing/pin.js';

describe('codes-isrc-unique', () => {
  it.each(['4.3', '3.8.2'] as const)('passes the %s base message', async (version) => {
    expect((await runRule('codes-isrc-unique', { version })).findings).toEqual([]);
  });
  it('ERN 4.3: two sound recordings with one ISRC', async () => {
    const run = await runRule('codes-isrc-unique', { version: '4.3', edits: [['<ISRC>GBXYZ2600002</ISRC>', '<ISRC>GBXYZ2600001</ISRC>']] });
    expectFindings(run, run.xml, [{ id: 'duplicate', at: ['<ResourceReference>A2</ResourceReference>', '<ISRC>'], path: '/NewReleaseMessage/ResourceList/SoundRecording[2]/SoundRecordingEdition/ResourceId/ISRC' }]);
    expect(run.findings).toHaveLength(1);
    expect(run.findings[0]).toMatchObject({ status: 'error', message_id: 'duplicate', resource: 'A2', line: lineOf(run.xml, '<ISRC>GBXYZ2600001</ISRC>\n        </ResourceId>\n        <PLine>\n          <Year>2026</Year>\n          <PLineText>(P) 2026 Northwind Records</PLineText>\n        </PLine>\n        <TechnicalDetails>\n          <TechnicalResourceDetailsReference>T2') });
    expect(run.findings[0].message).toMatch(/also the ISRC of A1/);
  });
  it('ERN 3.8.2: a video declared with the recording\'s ISRC, written with dashes', async () => {
    const run = await runRule('codes-isrc-unique', {
      version: '3.8.2',
      edits: [['</SoundRecording>', '</SoundRecording>\n    <Video><VideoType>ShortFormMusicalWorkVideo</VideoType><VideoId><ISRC>gb-xyz-26-00011</ISRC></VideoId><ResourceReference>A3</ResourceReference><ReferenceTitle><TitleText>V</TitleText></ReferenceTitle><Duration>PT3M</Duration></Video>']],
    });
    expectFindings(run, run.xml, [{ id: 'duplicate', at: '<ISRC>gb-xyz-26-00011</ISRC>', path: '/NewReleaseMessage/ResourceList/Video/VideoId/ISRC' }]);
    expect(run.findings.map((f) => f.message_id)).toEqual(['duplicate']);
    expect(run.findings[0].resource).toBe('A3');
  });
  it('leaves malformed placeholders to codes-isrc-syntax', async () => {
    const run = await runRule('codes-isrc-unique', { version: '4.3', edits: [['<ISRC>GBXYZ2600001</ISRC>', '<ISRC>XXXX</ISRC>'], ['<ISRC>GBXYZ2600002</ISRC>', '<ISRC>XXXX</ISRC>']] });
    expect(run.findings).toEqual([]);
  });
  it('reports each later resource of an ISRC with the first, in the resources\' order, however it is written', async () => {
    const video = (ref: string, isrc: string) => `<Video><VideoType>ShortFormMusicalWorkVideo</VideoType><VideoId><ISRC>${isrc}</ISRC></VideoId><ResourceReference>${ref}</ResourceReference><ReferenceTitle><TitleText>V</TitleText></ReferenceTitle><Duration>PT3M</Duration></Video>`;
    const run = await runRule('codes-isrc-unique', {
      version: '3.8.2',
      edits: [['</SoundRecording>', `</SoundRecording>\n    ${video('A3', 'GB XYZ 26 00011')}${video('A4', 'USABC2600001')}${video('A5', 'gbxyz2600011')}${video('A6', 'us-abc-26-00001')}`]],
    });
    expectFindings(run, run.xml, [{ id: 'duplicate', at: '<ISRC>GB XYZ 26 00011</ISRC>', path: '/NewReleaseMessage/ResourceList/Video/VideoId/ISRC' }, { id: 'duplicate', at: '<ISRC>gbxyz2600011</ISRC>', path: '/NewReleaseMessage/ResourceList/Video[3]/VideoId/ISRC' }, { id: 'duplicate', at: '<ISRC>us-abc-26-00001</ISRC>', path: '/NewReleaseMessage/ResourceList/Video[4]/VideoId/ISRC' }]);
    expect(run.findings.map((f) => [f.resource, f.message])).toEqual([
      ['A3', expect.stringMatching(/also the ISRC of A1/)],
      ['A5', expect.stringMatching(/also the ISRC of A1/)],
      ['A6', expect.stringMatching(/also the ISRC of A4/)],
    ]);
  });
  it('compares the values of resources whose ISRCs only share a hash', async () => {
    // GBXYZ0724786 and GBXYZ1065240 have one FNV-1a hash (record-notes.test.ts): read again at message end, they differ.
    const video = (ref: string, isrc: string) => `<Video><VideoType>ShortFormMusicalWorkVideo</VideoType><VideoId><ISRC>${isrc}</ISRC></VideoId><ResourceReference>${ref}</ResourceReference><ReferenceTitle><TitleText>V</TitleText></ReferenceTitle><Duration>PT3M</Duration></Video>`;
    const clash = await runRule('codes-isrc-unique', { version: '3.8.2', edits: [['</SoundRecording>', `</SoundRecording>\n    ${video('A3', 'GBXYZ0724786')}${video('A4', 'GBXYZ1065240')}`]] });
    expect(clash.findings).toEqual([]);
    const twice = await runRule('codes-isrc-unique', { version: '3.8.2', edits: [['</SoundRecording>', `</SoundRecording>\n    ${video('A3', 'GBXYZ0724786')}${video('A4', 'GBXYZ1065240')}${video('A5', 'GB-XYZ-10-65240')}`]] });
    expectFindings(twice, twice.xml, [{ id: 'duplicate', at: '<ISRC>GB-XYZ-10-65240</ISRC>', path: '/NewReleaseMessage/ResourceList/Video[3]/VideoId/ISRC' }]);
    expect(twice.findings.map((f) => [f.resource, f.message])).toEqual([['A5', expect.stringMatching(/also the ISRC of A4/)]]);
  });
});

import { describe, expect, it } from 'vitest';
import { runRule } from '../../testing/rule-tester.js';
import { expectFindings } from '../../testing/pin.js';

describe('codes-isrc-syntax', () => {
  it.each(['4.3', '3.8.2'] as const)('passes the %s base message', async (version) => {
    expect((await runRule('codes-isrc-syntax', { version })).findings).toEqual([]);
  });
  it.each([
    ['4.3', '<ISRC>GBXYZ2600001</ISRC>', '<ISRC>GB-XYZ-26-00001</ISRC>', 'separators', 'A1', /GBXYZ2600001/, '/NewReleaseMessage/ResourceList/SoundRecording/SoundRecordingEdition/ResourceId/ISRC'],
    ['4.3', '<ISRC>GBXYZ2600002</ISRC>', '<ISRC>gbxyz2600002</ISRC>', 'lowercase', 'A2', /GBXYZ2600002/, '/NewReleaseMessage/ResourceList/SoundRecording[2]/SoundRecordingEdition/ResourceId/ISRC'],
    ['4.3', '<ISRC>GBXYZ2600001</ISRC>', '<ISRC>GBXYZ26001</ISRC>', 'invalid', 'A1', /not a valid ISRC/, '/NewReleaseMessage/ResourceList/SoundRecording/SoundRecordingEdition/ResourceId/ISRC'],
    ['3.8.2', '<SoundRecordingId>\n        <ISRC>GBXYZ2600011</ISRC>', '<SoundRecordingId>\n        <ISRC>1BXYZ2600011</ISRC>', 'invalid', 'A1', /not a valid/, '/NewReleaseMessage/ResourceList/SoundRecording/SoundRecordingId/ISRC'],
  ] as const)('ERN %s: %s -> %s', async (version, search, replace, messageId, resource, text, path) => {
    const run = await runRule('codes-isrc-syntax', { version, edits: [[search, replace]] });
    const bad = /<ISRC>([^<]+)<\/ISRC>/.exec(replace)![1];
    expectFindings(run, run.xml, [{ id: messageId, at: `<ISRC>${bad}`, path }]);
    expect(run.findings[0]).toMatchObject({ status: 'error', resource });
    expect(run.findings[0].message).toMatch(text);
  });

  it('reports nothing of a message cut short, though its resources were checked as they closed', async () => {
    const whole = await runRule('codes-isrc-syntax', { version: '4.3', edits: [['<ISRC>GBXYZ2600001</ISRC>', '<ISRC>GBXYZ26001</ISRC>']] });
    expectFindings(whole, whole.xml, [{ id: 'invalid', at: '<ISRC>', path: '/NewReleaseMessage/ResourceList/SoundRecording/SoundRecordingEdition/ResourceId/ISRC' }]);
    expect(whole.findings).toHaveLength(1);
    // Cut inside the ReleaseList, after every resource closed: the message is not read to its end.
    const cut = whole.xml.slice(0, whole.xml.indexOf('</ReleaseList>'));
    const run = await runRule('codes-isrc-syntax', { version: '4.3', xml: cut });
    expect(run.all.filter((c) => c.status !== 'skipped')).toEqual([]);
  });
});

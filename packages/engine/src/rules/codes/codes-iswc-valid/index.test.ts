import { describe, expect, it } from 'vitest';
import { runRule } from '../../testing/rule-tester.js';
import { expectFindings } from '../../testing/pin.js';

const sr43 = '<Type>MusicalWorkSoundRecording</Type>\n      <SoundRecordingEdition>\n        <ResourceId>\n          <ISRC>GBXYZ2600001</ISRC>';
const sr382 = '<ReferenceTitle>\n        <TitleText>Tidewater</TitleText>\n      </ReferenceTitle>\n      <Duration>PT3M12S</Duration>';

describe('codes-iswc-valid', () => {
  it.each([
    ['4.3', 'T0345246801', null],
    ['4.3', 'T-034.524.680-1', null],
    ['4.3', 'T1234567890', 'checkDigit'],
    ['3.8.2', 'T1234567894', null],
    ['3.8.2', 'T1234567890', 'checkDigit'],
    ['3.8.2', '1234567890', 'syntax'],
  ] as const)('ERN %s ISWC %s', async (version, iswc, messageId) => {
    const edits: [string, string][] =
      version === '4.3'
        ? [[sr43, sr43.replace('<Type>MusicalWorkSoundRecording</Type>', `<Type>MusicalWorkSoundRecording</Type>\n      <WorkId><ISWC>${iswc}</ISWC></WorkId>`)]]
        : [[sr382, `${sr382.replace('<Duration>', `<IndirectSoundRecordingId><ISWC>${iswc}</ISWC></IndirectSoundRecordingId>\n      <Duration>`)}`]];
    const run = await runRule('codes-iswc-valid', { version, edits });
    if (!messageId) return expect(run.findings).toEqual([]);
    const path = version === '4.3' ? '/NewReleaseMessage/ResourceList/SoundRecording/WorkId/ISWC' : '/NewReleaseMessage/ResourceList/SoundRecording/IndirectSoundRecordingId/ISWC';
    expectFindings(run, run.xml, [{ id: messageId, at: `<ISWC>${iswc}`, path }]);
    expect(run.findings[0].status).toBe('warning');
  });
});

import { expect } from 'vitest';
import { ruleTable } from '../../testing/expect-finding.js';
import { F382, F43 } from '../../testing/base-fragments.js';

ruleTable('codes-isrc-present', [
  { name: 'A1 without an ISRC', version: '4.3', edits: [[F43.a1Isrc, '<ProprietaryId Namespace="DPID:PADPIDA2024010101X">rec-1</ProprietaryId>']], findings: [{ id: 'missing', at: '<SoundRecording>', path: '/NewReleaseMessage/ResourceList/SoundRecording' }], status: 'error', check: (run) => expect(run.findings[0].resource).toBe('A1') },
  { name: 'the recording without an ISRC', version: '3.8.2', edits: [[F382.isrc, '<SoundRecordingId>\n        <ProprietaryId Namespace="DPID:PADPIDA2024010101X">rec-1</ProprietaryId>']], findings: [{ id: 'missing', at: '<SoundRecording>', path: '/NewReleaseMessage/ResourceList/SoundRecording' }] },
  { name: 'every recording with an ISRC', version: '3.8.2', ids: [] },
]);

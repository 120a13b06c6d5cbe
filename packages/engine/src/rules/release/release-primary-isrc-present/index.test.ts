import { ruleTable } from '../../testing/expect-finding.js';
import { F382, F43 } from '../../testing/base-fragments.js';

ruleTable('release-primary-isrc-present', [
  { name: 'track A1 without ISRC', version: '4.3', edits: [[F43.a1Isrc, '<ProprietaryId Namespace="PADPIDA2024010101X">T-1</ProprietaryId>']], findings: [{ id: 'missing', at: '<SoundRecording>', path: '/NewReleaseMessage/ResourceList/SoundRecording' }], status: 'error' },
  { name: 'recording without ISRC', version: '3.8.2', edits: [[F382.isrc, '<SoundRecordingId>\n        <ProprietaryId Namespace="PADPIDA2024010101X">T-1</ProprietaryId>']], findings: [{ id: 'missing', at: '<SoundRecording>', path: '/NewReleaseMessage/ResourceList/SoundRecording' }] },
]);

import { ruleTable } from '../../testing/expect-finding.js';
import { F382, F43 } from '../../testing/base-fragments.js';

ruleTable('release-parental-warning-valid', [
  { name: 'release without ParentalWarningType', version: '4.3', edits: [[F43.releaseWarning, '<ResourceGroup>']], findings: [{ id: 'missingRelease', at: '<Release>', path: '/NewReleaseMessage/ReleaseList/Release' }], status: 'warning' },
  { name: 'explicit track on a NotExplicit release', version: '4.3', edits: [[F43.a1Warning, '<Duration>PT0M2S</Duration>\n      <ParentalWarningType>Explicit</ParentalWarningType>']], findings: [{ id: 'inconsistent', at: '<SoundRecording>', path: '/NewReleaseMessage/ResourceList/SoundRecording' }] },
  { name: 'track without ParentalWarningType', version: '4.3', edits: [[F43.a1Warning, '<Duration>PT0M2S</Duration>']], findings: [{ id: 'missingTrack', at: '<SoundRecording>', path: '/NewReleaseMessage/ResourceList/SoundRecording' }] },
  { name: 'explicit track on a NotExplicit release', version: '3.8.2', edits: [[F382.trackWarning, '<ParentalWarningType>Explicit</ParentalWarningType>\n        <TechnicalSoundRecordingDetails>']], findings: [{ id: 'inconsistent', at: '<SoundRecording>', path: '/NewReleaseMessage/ResourceList/SoundRecording' }] },
  { name: '3.x track without its own value takes the release\'s', version: '3.8.2', edits: [[F382.trackWarning, '<TechnicalSoundRecordingDetails>']], ids: [] },
]);

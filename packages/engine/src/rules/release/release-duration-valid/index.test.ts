import { ruleTable } from '../../testing/expect-finding.js';
import { F382, F43 } from '../../testing/base-fragments.js';

ruleTable('release-duration-valid', [
  { name: 'PT0S', version: '4.3', edits: [[F43.a1Duration, '<Duration>PT0S</Duration>']], findings: [{ id: 'zero', at: '<Duration>', path: '/NewReleaseMessage/ResourceList/SoundRecording/Duration' }], status: 'error' },
  { name: '3:12 written as a clock time', version: '3.8.2', edits: [[F382.duration, '<Duration>3:12</Duration>']], findings: [{ id: 'unreadable', at: '<Duration>', path: '/NewReleaseMessage/ResourceList/SoundRecording/Duration' }] },
  { name: 'no Duration', version: '3.8.2', edits: [[F382.duration, '']], findings: [{ id: 'missing', at: '<SoundRecording>', path: '/NewReleaseMessage/ResourceList/SoundRecording' }] },
  { name: 'PT0H4M39.5S', version: '3.8.2', edits: [[F382.duration, '<Duration>PT0H4M39.5S</Duration>']], ids: [] },
]);

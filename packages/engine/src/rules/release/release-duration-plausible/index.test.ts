import { ruleTable } from '../../testing/expect-finding.js';
import { F382, F43 } from '../../testing/base-fragments.js';

ruleTable('release-duration-plausible', [
  { name: 'release Duration not the sum of its tracks', version: '4.3', edits: [[F43.releaseDuration, '<Duration>PT5M</Duration>']], findings: [{ id: 'sum', at: '<Release>', path: '/NewReleaseMessage/ReleaseList/Release' }], status: 'warning' },
  { name: 'a 5-hour track (PT5H12M for PT5M12S)', version: '3.8.2', edits: [[F382.duration, '<Duration>PT5H12M</Duration>']], findings: [{ id: 'long', at: '<Duration>', path: '/NewReleaseMessage/ResourceList/SoundRecording/Duration' }] },
]);

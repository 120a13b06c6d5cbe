import { ruleTable } from '../../testing/expect-finding.js';
import { F382, F43 } from '../../testing/base-fragments.js';

ruleTable('release-duration-valid', [
  { name: 'PT0S', version: '4.3', edits: [[F43.a1Duration, '<Duration>PT0S</Duration>']], ids: ['zero'], status: 'error' },
  { name: '3:12 written as a clock time', version: '3.8.2', edits: [[F382.duration, '<Duration>3:12</Duration>']], ids: ['unreadable'] },
  { name: 'no Duration', version: '3.8.2', edits: [[F382.duration, '']], ids: ['missing'] },
  { name: 'PT0H4M39.5S', version: '3.8.2', edits: [[F382.duration, '<Duration>PT0H4M39.5S</Duration>']], ids: [] },
]);

import { ruleTable } from '../../testing/expect-finding.js';
import { F382, F43 } from '../../testing/base-fragments.js';

ruleTable('release-track-numbering', [
  { name: 'tracks 1 and 3', version: '4.3', edits: [[F43.track2Sequence, '<SequenceNumber>3</SequenceNumber>']], ids: ['gap'], status: 'warning' },
  { name: 'single track numbered 2', version: '3.8.2', edits: [[F382.track1Sequence, F382.track1Sequence.replace('>1<', '>2<')]], ids: ['gap'] },
]);

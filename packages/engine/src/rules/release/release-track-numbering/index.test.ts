import { ruleTable } from '../../testing/expect-finding.js';
import { F382, F43 } from '../../testing/base-fragments.js';

ruleTable('release-track-numbering', [
  { name: 'tracks 1 and 3', version: '4.3', edits: [[F43.track2Sequence, '<SequenceNumber>3</SequenceNumber>']], ids: ['gap'], status: 'warning' },
  { name: 'tracks 0 and 1', version: '4.3', edits: [['<SequenceNumber>1</SequenceNumber>\n          <ReleaseResourceReference>A1', '<SequenceNumber>0</SequenceNumber>\n          <ReleaseResourceReference>A1'], [F43.track2Sequence, '<SequenceNumber>1</SequenceNumber>']], ids: ['gap'] },
  { name: 'tracks 2 and 2', version: '4.3', edits: [['<SequenceNumber>1</SequenceNumber>\n          <ReleaseResourceReference>A1', '<SequenceNumber>2</SequenceNumber>\n          <ReleaseResourceReference>A1']], ids: ['gap'] },
  { name: 'two tracks numbered 1 leave no gap (a repeat is release-track-sequence\'s)', version: '4.3', edits: [[F43.track2Sequence, '<SequenceNumber>1</SequenceNumber>']], ids: [] },
  { name: 'single track numbered 2', version: '3.8.2', edits: [[F382.track1Sequence, F382.track1Sequence.replace('>1<', '>2<')]], ids: ['gap'] },
]);

import { ruleTable } from '../../testing/expect-finding.js';
import { F382, F43 } from '../../testing/base-fragments.js';

ruleTable('release-track-sequence', [
  { name: 'two tracks numbered 1', version: '4.3', edits: [[F43.track2Sequence, '<SequenceNumber>1</SequenceNumber>']], findings: [{ id: 'duplicate', at: '<ReleaseResourceReference>A2</ReleaseResourceReference>', path: '/NewReleaseMessage/ReleaseList/Release/ResourceGroup/ResourceGroupContentItem[2]/ReleaseResourceReference' }], status: 'error' },
  { name: 'second track without a number', version: '4.3', edits: [[F43.track2Sequence, '']], findings: [{ id: 'unnumbered', at: '<ReleaseResourceReference>A2</ReleaseResourceReference>', path: '/NewReleaseMessage/ReleaseList/Release/ResourceGroup/ResourceGroupContentItem[2]/ReleaseResourceReference' }] },
  { name: 'a gap is not this rule\'s concern', version: '4.3', edits: [[F43.track2Sequence, '<SequenceNumber>3</SequenceNumber>']], ids: [] },
  { name: 'two tracks numbered 7, beyond the track count', version: '4.3', edits: [['<SequenceNumber>1</SequenceNumber>\n          <ReleaseResourceReference>A1', '<SequenceNumber>7</SequenceNumber>\n          <ReleaseResourceReference>A1'], [F43.track2Sequence, '<SequenceNumber>7</SequenceNumber>']], findings: [{ id: 'duplicate', at: '<ReleaseResourceReference>A2</ReleaseResourceReference>', path: '/NewReleaseMessage/ReleaseList/Release/ResourceGroup/ResourceGroupContentItem[2]/ReleaseResourceReference' }] },
  { name: 'tracks numbered 0 and 1 are not a pair', version: '4.3', edits: [['<SequenceNumber>1</SequenceNumber>\n          <ReleaseResourceReference>A1', '<SequenceNumber>0</SequenceNumber>\n          <ReleaseResourceReference>A1'], [F43.track2Sequence, '<SequenceNumber>1</SequenceNumber>']], ids: [] },
  { name: 'the unnumbered cover image is not a track', version: '3.8.2', edits: [[F382.imageItem, F382.imageItem]], ids: [] },
]);

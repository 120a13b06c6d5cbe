import { ruleTable } from '../../testing/expect-finding.js';
import { F382, F43 } from '../../testing/base-fragments.js';

ruleTable('release-track-numbering', [
  { name: 'tracks 1 and 3', version: '4.3', edits: [[F43.track2Sequence, '<SequenceNumber>3</SequenceNumber>']], findings: [{ id: 'gap', at: '<ReleaseResourceReference>', path: '/NewReleaseMessage/ReleaseList/Release/ResourceGroup/ResourceGroupContentItem/ReleaseResourceReference' }], status: 'warning' },
  { name: 'tracks 0 and 1', version: '4.3', edits: [['<SequenceNumber>1</SequenceNumber>\n          <ReleaseResourceReference>A1', '<SequenceNumber>0</SequenceNumber>\n          <ReleaseResourceReference>A1'], [F43.track2Sequence, '<SequenceNumber>1</SequenceNumber>']], findings: [{ id: 'gap', at: '<ReleaseResourceReference>', path: '/NewReleaseMessage/ReleaseList/Release/ResourceGroup/ResourceGroupContentItem/ReleaseResourceReference' }] },
  { name: 'tracks 2 and 2', version: '4.3', edits: [['<SequenceNumber>1</SequenceNumber>\n          <ReleaseResourceReference>A1', '<SequenceNumber>2</SequenceNumber>\n          <ReleaseResourceReference>A1']], findings: [{ id: 'gap', at: '<ReleaseResourceReference>', path: '/NewReleaseMessage/ReleaseList/Release/ResourceGroup/ResourceGroupContentItem/ReleaseResourceReference' }] },
  { name: 'two tracks numbered 1 leave no gap (a repeat is release-track-sequence\'s)', version: '4.3', edits: [[F43.track2Sequence, '<SequenceNumber>1</SequenceNumber>']], ids: [] },
  { name: 'single track numbered 2', version: '3.8.2', edits: [[F382.track1Sequence, F382.track1Sequence.replace('>1<', '>2<')]], findings: [{ id: 'gap', at: '<ReleaseResourceReference ReleaseResourceType="PrimaryResource">A1</ReleaseResourceReference>\n          </ResourceGroupContentItem>', path: '/NewReleaseMessage/ReleaseList/Release/ReleaseDetailsByTerritory/ResourceGroup/ResourceGroupContentItem/ReleaseResourceReference' }] },
]);

import { ruleTable } from '../../testing/expect-finding.js';
import { F382, F43 } from '../../testing/base-fragments.js';

ruleTable('release-primary-resource-present', [
  { name: 'release referencing a missing recording', version: '4.3', edits: [['<ReleaseResourceReference>A1</ReleaseResourceReference>\n        </ResourceGroupContentItem>', '<ReleaseResourceReference>A9</ReleaseResourceReference>\n        </ResourceGroupContentItem>'], [F43.a2Item, '<ReleaseResourceReference>A8</ReleaseResourceReference>\n        </ResourceGroupContentItem>']], ids: ['none'], status: 'error' },
  { name: 'release with only its cover image', version: '3.8.2', edits: [['<ReleaseResourceReference ReleaseResourceType="PrimaryResource">A1</ReleaseResourceReference>\n        <ReleaseResourceReference ReleaseResourceType="SecondaryResource">A2</ReleaseResourceReference>', '<ReleaseResourceReference ReleaseResourceType="SecondaryResource">A2</ReleaseResourceReference>'], ['<ResourceGroupContentItem>\n            <SequenceNumber>1</SequenceNumber>\n            <ResourceType>SoundRecording</ResourceType>\n            <ReleaseResourceReference ReleaseResourceType="PrimaryResource">A1</ReleaseResourceReference>\n          </ResourceGroupContentItem>', '']], ids: ['none'] },
]);

import { ruleTable } from '../../testing/expect-finding.js';
import { F382, F43 } from '../../testing/base-fragments.js';

ruleTable('release-resource-referenced', [
  { name: 'cover image not linked', version: '4.3', edits: [[F43.coverLink, '']], ids: ['unused'], status: 'warning' },
  { name: 'image not referenced by the release', version: '3.8.2', edits: [[F382.imageRef, '</ReleaseResourceReferenceList>'], ['<ResourceGroupContentItem>\n            <ResourceType>Image</ResourceType>\n            <ReleaseResourceReference ReleaseResourceType="SecondaryResource">A2</ReleaseResourceReference>\n          </ResourceGroupContentItem>', '']], ids: ['unused'] },
]);

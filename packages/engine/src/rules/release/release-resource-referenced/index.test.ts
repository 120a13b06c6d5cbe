import { ruleTable } from '../../testing/expect-finding.js';
import { F382, F43 } from '../../testing/base-fragments.js';

ruleTable('release-resource-referenced', [
  { name: 'cover image not linked', version: '4.3', edits: [[F43.coverLink, '']], findings: [{ id: 'unused', at: '<ResourceReference>A3</ResourceReference>', path: '/NewReleaseMessage/ResourceList/Image/ResourceReference' }], status: 'warning' },
  { name: 'image not referenced by the release', version: '3.8.2', edits: [[F382.imageRef, '</ReleaseResourceReferenceList>'], ['<ResourceGroupContentItem>\n            <ResourceType>Image</ResourceType>\n            <ReleaseResourceReference ReleaseResourceType="SecondaryResource">A2</ReleaseResourceReference>\n          </ResourceGroupContentItem>', '']], findings: [{ id: 'unused', at: '<ResourceReference>A2</ResourceReference>', path: '/NewReleaseMessage/ResourceList/Image/ResourceReference' }] },
]);

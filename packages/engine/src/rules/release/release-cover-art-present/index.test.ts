import { ruleTable } from '../../testing/expect-finding.js';
import { F382, F43 } from '../../testing/base-fragments.js';

ruleTable('release-cover-art-present', [
  { name: 'no linked cover', version: '4.3', edits: [[F43.coverLink, '']], findings: [{ id: 'missing', at: '<Release>', path: '/NewReleaseMessage/ReleaseList/Release' }], status: 'error' },
  { name: 'linked image is a back cover', version: '4.3', edits: [[F43.coverType, '<Type>BackCoverImage</Type>']], findings: [{ id: 'missing', at: '<Release>', path: '/NewReleaseMessage/ReleaseList/Release' }] },
  { name: 'ringtone profile needs none', version: '4.3', edits: [[F43.coverLink, ''], ['ReleaseProfileVersionId="Audio"', 'ReleaseProfileVersionId="Ringtone"']], ids: [] },
  { name: 'release without its image', version: '3.8.2', edits: [[F382.imageRef, '</ReleaseResourceReferenceList>'], ['<ResourceGroupContentItem>\n            <ResourceType>Image</ResourceType>\n            <ReleaseResourceReference ReleaseResourceType="SecondaryResource">A2</ReleaseResourceReference>\n          </ResourceGroupContentItem>', '']], findings: [{ id: 'missing', at: '<Release IsMainRelease="true">', path: '/NewReleaseMessage/ReleaseList/Release' }] },
  { name: 'SingleResourceRelease needs none', version: '3.8.2', edits: [[F382.imageRef, '</ReleaseResourceReferenceList>'], ['<ResourceGroupContentItem>\n            <ResourceType>Image</ResourceType>\n            <ReleaseResourceReference ReleaseResourceType="SecondaryResource">A2</ReleaseResourceReference>\n          </ResourceGroupContentItem>', ''], [F382.releaseType, '<ReleaseType>SingleResourceRelease</ReleaseType>']], ids: [] },
]);

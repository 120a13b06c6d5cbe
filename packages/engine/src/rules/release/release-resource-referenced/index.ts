/** DDEX Release Profile generic rule G.3: every resource in the ResourceList is used by some release. */
import { defineRule } from '../../define.js';
import { indexMessage } from '../../../ern/index-of-message.js';
import { resourceName } from '../release-contents.js';
import { releaseProfile21 } from '../../sources.js';

export default defineRule({
  id: 'release-resource-referenced',
  stage: 'release',
  meta: {
    label: 'Resources referenced',
    description: 'Every resource of the ResourceList is referenced by a release (track list, resource list or linked resource), DDEX Release Profile rule G.3.',
    sources: [
      releaseProfile21('generic rule G.3 (MultiProfile_ResourcesMustBeReferenced, role Warning)'),
    ],
    versions: 'all',
    severity: 'warn',
    messages: { unused: '{resource} is declared in the ResourceList but no release references it; it would not be imported.' },
    hint: 'Reference {resource} from the release that contains it (ResourceGroupContentItem or LinkedReleaseResourceReference), or remove it from the message.',
  },
  create(ctx) {
    return {
      'Message:exit'() {
        const m = ctx.message;
        if (m.root !== 'NewReleaseMessage' || m.releases.length === 0) return;
        const index = indexMessage(m);
        for (let i = 0; i < m.resources.length; i++) {
          // Most resources are told used by their number: no record read.
          if (index.resourceKnownUsed(i)) continue;
          const r = m.resources.at(i)!;
          if (!r.reference || index.releaseNumbersOfResource(r.reference.value).length > 0) continue;
          ctx.report({ messageId: 'unused', loc: r.reference, resource: r.reference.value, release: null, data: { resource: resourceName(r, ctx.message) } });
        }
      },
    };
  },
});

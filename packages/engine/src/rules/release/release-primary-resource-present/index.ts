/** The main release contains something to play: at least one sound recording or video (DDEX Release Profile rule 1052-1). */
import { defineRule } from '../../define.js';
import { indexMessage } from '../../../ern/index-of-message.js';
import { primaryResourcesOf, releaseName, resourceRefsOf, mainReleases } from '../release-contents.js';
import { listed } from '../../message-text.js';

export default defineRule({
  id: 'release-primary-resource-present',
  stage: 'release',
  meta: {
    label: 'Release has tracks',
    description: 'The main release references at least one SoundRecording or Video declared in the ResourceList (DDEX Release Profile rule 1052-1).',
    versions: 'all',
    severity: 'error',
    messages: {
      none: 'Release {release} contains no sound recording or video{detail}.',
    },
    hint: 'Declare the tracks in the ResourceList (SoundRecording or Video) and reference them from the release\'s ResourceGroup.',
  },
  create(ctx) {
    return {
      'Message:exit'() {
        const index = indexMessage(ctx.message);
        for (const release of mainReleases(ctx.message)) {
          if (primaryResourcesOf(release, index).length > 0) continue;
          const refs = resourceRefsOf(release);
          const missing = refs.filter((r) => !index.resource(r));
          const detail = missing.length ? ` (it references ${listed(missing)}, which the ResourceList does not hold)` : refs.length ? ` (it only references ${listed(refs)})` : '';
          ctx.report({ messageId: 'none', loc: release.loc, release: release.reference?.value ?? null, data: { release: releaseName(release), detail } });
        }
      },
    };
  },
});

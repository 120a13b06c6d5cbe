/** Every release that is sold as a product (not a track release) has a deal; without one it goes live nowhere. */
import { defineRule } from '../../define.js';
import { indexMessage } from '../../../ern/index-of-message.js';
import { productReleases, releaseName } from '../../release/release-contents.js';
import { dealTypes, ernMessageSuite } from '../../sources.js';

export default defineRule({
  id: 'deals-release-covered',
  stage: 'deals',
  meta: {
    label: 'Every release has a deal',
    description: 'Every release that is not a track release is named by a DealReleaseReference of some ReleaseDeal.',
    sources: [
      ernMessageSuite('a Release is only made available under a Deal (ReleaseDeal/DealReleaseReference)'),
      dealTypes('deals per release'),
    ],
    versions: 'all',
    severity: 'error',
    messages: { noDeal: 'Release {release} has no deal, so it could not be sold anywhere.' },
    hint: 'Add a ReleaseDeal with DealReleaseReference {release} (territories, validity period, commercial model, use types).',
  },
  create(ctx) {
    return {
      'Message:exit'() {
        const m = ctx.message;
        // A message without any deal is deals-present's finding.
        if (m.root !== 'NewReleaseMessage' || m.deals.length === 0) return;
        const index = indexMessage(m);
        for (const release of productReleases(m)) {
          if (!release.reference) continue;
          if (index.dealNumbersOfRelease(release.reference.value).length > 0) continue;
          ctx.report({ messageId: 'noDeal', loc: release.loc, release: release.reference.value, data: { release: releaseName(release, ctx.message) } });
        }
      },
    };
  },
});

/** DDEX Release Profile rule 1025-1: the main release is identified by a GRid, an ICPN (UPC/EAN) or a proprietary id; a store needs a UPC. */
import { defineRule } from '../../define.js';
import { releaseName, mainReleases } from '../release-contents.js';
import { releaseProfile21 } from '../../sources.js';

export default defineRule({
  id: 'release-main-id-present',
  stage: 'release',
  meta: {
    label: 'Main release identified',
    description: 'The main release is identified by an ICPN (UPC/EAN), a GRid or a ProprietaryId (DDEX Release Profile rule 1025-1).',
    sources: [
      releaseProfile21('clause 5.3.1.3(1), rule 1025-1 (MultiProfile_MainReleaseMustHaveGridOrICPN)'),
    ],
    versions: 'all',
    severity: 'error',
    messages: {
      none: 'Release {release} has no identifier: no ICPN (UPC/EAN), GRid or ProprietaryId.',
    },
    hint: 'Add ReleaseId/ICPN with the release\'s UPC or EAN.',
  },
  create(ctx) {
    return {
      'Message:exit'() {
        for (const release of mainReleases(ctx.message)) {
          const ids = release.ids;
          if (ids.icpn?.value.trim() || ids.grid?.value.trim() || ids.proprietary.some((p) => p.value.trim() !== '')) continue;
          ctx.report({ loc: release.loc, release: release.reference?.value ?? null, messageId: 'none', data: { release: releaseName(release, ctx.message) } });
        }
      },
    };
  },
});

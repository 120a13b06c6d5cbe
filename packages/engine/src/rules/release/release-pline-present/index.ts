/** P-line (sound recording rights): on the main release, or on every one of its tracks; for products with sound only (not a wallpaper or an e-book). */
import { defineRule } from '../../define.js';
import { mainReleases, primaryResourcesOf, releaseName } from '../release-contents.js';
import { indexMessage } from '../../../ern/index-of-message.js';
import { contentClassOf, hasSound } from '../release-content.js';
import { releaseProfile21, xsd } from '../../sources.js';

export default defineRule({
  id: 'release-pline-present',
  stage: 'release',
  meta: {
    label: 'P-line present',
    description: 'The main release of a product with sound (not an image, text or software product) has a P-line, or every one of its tracks has one.',
    sources: [
      xsd('4.3', 'Release/PLine, SoundRecording/PLine'),
      releaseProfile21('clause 5.3.1.4'),
    ],
    versions: 'all',
    severity: 'error',
    messages: {
      missing: 'Release {release} has no P-line, neither on the release nor on its tracks ({tracks}).',
    },
    hint: 'Add a PLine (Year, PLineCompany, PLineText such as "(P) 2026 Label") to the release or to each sound recording.',
  },
  create(ctx) {
    return {
      'Message:exit'() {
        const index = indexMessage(ctx.message);
        for (const release of mainReleases(ctx.message)) {
          if (release.pLines.length > 0 || !hasSound(contentClassOf(release))) continue;
          const tracks = primaryResourcesOf(release, index);
          const lacking = tracks.filter((t) => t.pLines.length === 0);
          if (tracks.length > 0 && lacking.length === 0) continue;
          ctx.report({ messageId: 'missing', loc: release.loc, release: release.reference?.value ?? null, data: { release: releaseName(release, ctx.message), tracks: lacking.length ? `${lacking.length} of ${tracks.length} without one` : 'none' } });
        }
      },
    };
  },
});

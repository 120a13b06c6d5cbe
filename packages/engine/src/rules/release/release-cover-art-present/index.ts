/**
 * Cover art (DDEX Release Profile rules 1053-1 and 1057-1): the main release of an audio or video
 * product comes with a front cover image. Ringtone products (Ringtone profile and ringtone
 * release types) and SingleResourceRelease products need none.
 */
import { defineRule } from '../../define.js';
import { indexMessage } from '../../../ern/index-of-message.js';
import { releaseName, resourcesUsedBy, mainReleases } from '../release-contents.js';
import { contentClassOf, needsCover } from '../release-content.js';
import { profile14, releaseProfile21 } from '../../sources.js';

const COVER_TYPES = new Set(['FrontCoverImage', 'CoverImage', 'VideoScreenCapture']);
// SingleResourceRelease is the profile without cover art (its sibling SingleResourceReleaseWithCoverArt has one).
const NO_COVER_TYPES = new Set(['SingleResourceRelease']);

export default defineRule({
  id: 'release-cover-art-present',
  stage: 'release',
  meta: {
    label: 'Cover art present',
    description: 'The main release references an Image of type FrontCoverImage (DDEX Release Profile rules 1053-1, 1057-1); ringtone, image (wallpaper …), text, software and single-resource products are exempt.',
    sources: [
      releaseProfile21('clause 5.1.2(b), rule 1053-1 (MultiProfile_MustContainOneFrontCoverImage)'),
      releaseProfile21('clause 5.3.1.2(5.8), rule 1057-1'),
      profile14('SingleResourceRelease profile (no cover)'),
    ],
    versions: 'all',
    severity: 'error',
    messages: {
      missing: 'Release {release} has no front cover image{detail}.',
    },
    hint: 'Add the cover as an Image of type FrontCoverImage and reference it from the release (4.x: ResourceGroup/LinkedReleaseResourceReference; 3.x: ReleaseResourceReferenceList and a ResourceGroupContentItem).',
  },
  create(ctx) {
    return {
      'Message:exit'() {
        const m = ctx.message;
        if (/ringtone/i.test(m.releaseProfile ?? '')) return;
        const index = indexMessage(m);
        for (const release of mainReleases(m)) {
          // Tones, image, text and software products carry no cover (a wallpaper's image is the product).
          if (release.types.some((t) => NO_COVER_TYPES.has(t)) || !needsCover(contentClassOf(release))) continue;
          const images = resourcesUsedBy(release, index, 'Image');
          // An image without a type in 3.x (ImageType is optional) is taken as the cover.
          if (images.some((i) => i.type === null || COVER_TYPES.has(i.type))) continue;
          const detail = images.length ? ` (its images are of type ${images.map((i) => i.type).join(', ')})` : '';
          ctx.report({ messageId: 'missing', loc: release.loc, release: release.reference?.value ?? null, data: { release: releaseName(release, ctx.message), detail } });
        }
      },
    };
  },
});

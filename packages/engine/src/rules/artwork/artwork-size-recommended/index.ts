/** Cover art reaches the recommended size (default 3000 x 3000 px); between the minimum and this, a warning. */
import { defineRule } from '../../define.js';
import { inspectedFiles, isCoverArt, ALONE_MESSAGE, ALONE_HINT } from '../../../media/rule-support.js';
import { service } from '../../sources.js';

export default defineRule({
  id: 'artwork-size-recommended',
  stage: 'artwork',
  meta: {
    label: 'Cover art recommended size',
    description: 'Cover art reaches the recommended size of the profile (default 3000 x 3000 pixels).',
    sources: [
      service('Service profile `artwork.recommendedPixels` (default 3000 px): a smaller cover imports, with a warning, because stores display large artwork.'),
    ],
    versions: 'all',
    severity: 'warn',
    messages: {
      belowRecommended: 'The cover art "{file}" of resource {resource} is {width} x {height} px; {recommended} x {recommended} px is recommended.',
      ...ALONE_MESSAGE,
    },
    hint: { belowRecommended: 'Deliver the cover at {recommended} x {recommended} px: stores show it large, and some refuse smaller covers.', ...ALONE_HINT },
  },
  create(ctx) {
    return {
      'Media:exit'() {
        const { minPixels, recommendedPixels } = ctx.profile.artwork;
        for (const { file, entry, facts, reference, resource } of inspectedFiles(ctx, ['Image'])) {
          const image = facts.image;
          if (!isCoverArt(resource) || !image?.width || !image.height) continue;
          const side = Math.min(image.width, image.height);
          // Below the minimum is artwork-size-minimum's error; this warns only in between.
          if (side >= minPixels && side < recommendedPixels) {
            ctx.report({ messageId: 'belowRecommended', loc: file.loc, resource: reference, data: { file: entry.path, resource: reference ?? '(no reference)', width: image.width, height: image.height, recommended: recommendedPixels } });
          }
        }
      },
    };
  },
});

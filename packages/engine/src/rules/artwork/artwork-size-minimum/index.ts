/** Cover art is square and at least the profile's minimum size (default 1400 x 1400 px). */
import { defineRule } from '../../define.js';
import { inspectedFiles, isCoverArt, ALONE_MESSAGE, ALONE_HINT } from '../../../media/rule-support.js';
import { service, store } from '../../sources.js';

export default defineRule({
  id: 'artwork-size-minimum',
  stage: 'artwork',
  meta: {
    label: 'Cover art size',
    description: 'Cover art is square and at least the minimum size of the profile (default 1400 x 1400 pixels).',
    sources: [
      service('Service profile `artwork.minPixels` (default 1400 px, square): below it a cover is refused; 1400 to 2999 px is left to artwork-size-recommended.'),
      store('spotifyFiles', 'cover art at least 640 px wide and high, preferred aspect ratio 1:1 (spotify-cover-size, spotify-cover-square)'),
      store('tiktokRejected', 'a square cover larger than 1600 x 1600 px (tiktok-cover-size)'),
    ],
    versions: 'all',
    severity: 'error',
    messages: {
      tooSmall: 'The cover art "{file}" of resource {resource} is {width} x {height} px; the service needs at least {min} x {min} px.',
      notSquare: 'The cover art "{file}" of resource {resource} is {width} x {height} px; it must be square.',
      ...ALONE_MESSAGE,
    },
    hint: {
      tooSmall: 'Export the cover from the original artwork at {min} x {min} px or more (do not upscale a small image).',
      notSquare: 'Crop or export the cover as a square image.',
      ...ALONE_HINT,
    },
  },
  create(ctx) {
    return {
      'Media:exit'() {
        const { minPixels, square } = ctx.profile.artwork;
        for (const { file, entry, facts, reference, resource } of inspectedFiles(ctx, ['Image'])) {
          const image = facts.image;
          if (!isCoverArt(resource) || !image?.width || !image.height) continue;
          const data = { file: entry.path, resource: reference ?? '(no reference)', width: image.width, height: image.height, min: minPixels };
          if (Math.min(image.width, image.height) < minPixels) ctx.report({ messageId: 'tooSmall', loc: file.loc, resource: reference, data });
          if (square && image.width !== image.height) ctx.report({ messageId: 'notSquare', loc: file.loc, resource: reference, data });
        }
      },
    };
  },
});

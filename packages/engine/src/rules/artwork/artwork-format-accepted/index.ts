/** Each image is in an accepted format (JPEG or PNG), RGB colour, and within the size limit. */
import { defineRule } from '../../define.js';
import { inspectedFiles, ALONE_MESSAGE, ALONE_HINT } from '../../../media/rule-support.js';
import { formatLabel, listLabels } from '../../../media/codec-names.js';
import { service, store } from '../../sources.js';

const SPACE_NAMES: Record<string, string> = { cmyk: 'CMYK', 'b-w': 'grayscale', grey16: 'grayscale (16-bit)', srgb: 'sRGB', rgb: 'RGB', rgb16: 'RGB (16-bit)', lab: 'Lab' };

export default defineRule({
  id: 'artwork-format-accepted',
  stage: 'artwork',
  meta: {
    label: 'Artwork format accepted',
    description: 'Each image is in an accepted format (default JPEG or PNG), in RGB colour, and no larger than the profile allows.',
    sources: [
      service('Service profile `artwork`: RGB JPEG or PNG under the profile size limit, as common store artwork guides ask.'),
      store('spotifyFiles', 'RGB images, 24 bits per pixel, in TIFF, PNG or JPEG (spotify-cover-rgb)'),
      store('tiktokRejected', 'cover in JPEG or PNG, under 10 MB (tiktok-cover-format)'),
    ],
    versions: 'all',
    severity: 'error',
    messages: {
      format: 'The image "{file}" of resource {resource} is {format}; the service accepts {accepted}.',
      colorSpace: 'The image "{file}" of resource {resource} is in {space} colour; the service needs RGB.',
      tooLarge: 'The image "{file}" of resource {resource} is {megabytes} MB; the service accepts at most {max} MB.',
      ...ALONE_MESSAGE,
    },
    hint: {
      format: 'Export the image as {accepted}.',
      colorSpace: 'Convert the image to sRGB (print artwork is often CMYK; stores display RGB).',
      tooLarge: 'Export the image with more compression or at a smaller size (keeping the minimum dimensions).',
      ...ALONE_HINT,
    },
  },
  create(ctx) {
    return {
      'Media:exit'() {
        const profile = ctx.profile.artwork;
        for (const { file, entry, facts, reference } of inspectedFiles(ctx, ['Image'])) {
          const image = facts.image;
          const at = { loc: file.loc, resource: reference };
          const base = { file: entry.path, resource: reference ?? '(no reference)' };
          if (facts.size > profile.maxBytes) {
            ctx.report({ messageId: 'tooLarge', ...at, data: { ...base, megabytes: (facts.size / 1048576).toFixed(1), max: (profile.maxBytes / 1048576).toFixed(0) } });
          }
          if (!image?.format) continue;
          if (profile.formats.length && !profile.formats.includes(image.format)) {
            ctx.report({ messageId: 'format', ...at, data: { ...base, format: formatLabel(image.format), accepted: listLabels(profile.formats) } });
          }
          if (image.space && profile.colorSpaces.length && !profile.colorSpaces.includes(image.space)) {
            ctx.report({ messageId: 'colorSpace', ...at, data: { ...base, space: SPACE_NAMES[image.space] ?? image.space } });
          }
        }
      },
    };
  },
});

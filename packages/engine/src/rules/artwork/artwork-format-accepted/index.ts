/** Each image is in an accepted format (JPEG or PNG), RGB colour, and within the size limit. */
import { mediaFileRule } from '../../media-file-rule.js';
import { formatLabel, listLabels } from '../../../media/codec-names.js';
import { service, store } from '../../sources.js';

const SPACE_NAMES: Record<string, string> = { cmyk: 'CMYK', 'b-w': 'grayscale', grey16: 'grayscale (16-bit)', srgb: 'sRGB', rgb: 'RGB', rgb16: 'RGB (16-bit)', lab: 'Lab' };

export default mediaFileRule({
  id: 'artwork-format-accepted',
  stage: 'artwork',
  kinds: ['Image'],
  at: 'file',
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
    },
    hint: {
      format: 'Export the image as {accepted}.',
      colorSpace: 'Convert the image to sRGB (print artwork is often CMYK; stores display RGB).',
      tooLarge: 'Export the image with more compression or at a smaller size (keeping the minimum dimensions).',
    },
  },
  check({ facts }, report, ctx) {
    const profile = ctx.profile.artwork;
    const image = facts.image;
    if (facts.size > profile.maxBytes) {
      report('tooLarge', { megabytes: (facts.size / 1048576).toFixed(1), max: (profile.maxBytes / 1048576).toFixed(0) });
    }
    if (!image?.format) return;
    if (profile.formats.length && !profile.formats.includes(image.format)) {
      report('format', { format: formatLabel(image.format), accepted: listLabels(profile.formats) });
    }
    if (image.space && profile.colorSpaces.length && !profile.colorSpaces.includes(image.space)) {
      report('colorSpace', { space: SPACE_NAMES[image.space] ?? image.space });
    }
  },
});

/** The image codec and dimensions a message declares match the image delivered. */
import { defineRule } from '../../define.js';
import { inspectedFiles, ALONE_MESSAGE, ALONE_HINT } from '../../../media/rule-support.js';
import { declaredCodecAgrees, formatLabel } from '../../../media/codec-names.js';
import { xsd } from '../../sources.js';

export default defineRule({
  id: 'artwork-details-match',
  stage: 'artwork',
  meta: {
    label: 'Artwork details match',
    description: 'The ImageCodecType, ImageWidth and ImageHeight declared for each image match its file.',
    sources: [
      xsd('4.3', 'Image/TechnicalDetails (TechnicalImageDetails): ImageCodecType, ImageHeight, ImageWidth'),
      xsd('3.8.2', 'Image/ImageDetailsByTerritory/TechnicalImageDetails: ImageCodecType, ImageHeight, ImageWidth'),
    ],
    versions: 'all',
    severity: 'error',
    messages: {
      codec: 'Resource {resource} declares ImageCodecType "{declared}", but "{file}" is {actual}.',
      dimensions: 'Resource {resource} declares {declared} px, but "{file}" is {actual} px.',
      ...ALONE_MESSAGE,
    },
    hint: {
      codec: 'Correct ImageCodecType, or deliver the image in the declared format.',
      dimensions: 'Write the dimensions of the delivered image in ImageWidth and ImageHeight, or deliver the right image.',
      ...ALONE_HINT,
    },
  },
  create(ctx) {
    return {
      'Media:exit'() {
        for (const { technical, entry, facts, reference } of inspectedFiles(ctx, ['Image'])) {
          const image = facts.image;
          if (!image?.format) continue;
          const at = { loc: technical.loc, resource: reference };
          const base = { file: entry.path, resource: reference ?? '(no reference)' };
          if (declaredCodecAgrees('image', technical.codec, image.format) === false) {
            ctx.report({ messageId: 'codec', ...at, data: { ...base, declared: technical.codec, actual: formatLabel(image.format) } });
          }
          const w = technical.imageWidth;
          const h = technical.imageHeight;
          if ((w !== null && w !== image.width) || (h !== null && h !== image.height)) {
            ctx.report({ messageId: 'dimensions', ...at, data: { ...base, declared: `${w ?? '?'} x ${h ?? '?'}`, actual: `${image.width} x ${image.height}` } });
          }
        }
      },
    };
  },
});

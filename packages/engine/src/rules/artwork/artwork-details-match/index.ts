/** The image codec and dimensions a message declares match the image delivered. */
import { mediaFileRule } from '../../media-file-rule.js';
import { declaredCodecAgrees, formatLabel } from '../../../media/codec-names.js';
import { xsd } from '../../sources.js';

export default mediaFileRule({
  id: 'artwork-details-match',
  stage: 'artwork',
  kinds: ['Image'],
  at: 'technical',
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
    },
    hint: {
      codec: 'Correct ImageCodecType, or deliver the image in the declared format.',
      dimensions: 'Write the dimensions of the delivered image in ImageWidth and ImageHeight, or deliver the right image.',
    },
  },
  check({ technical, facts }, report) {
    const image = facts.image;
    if (!image?.format) return;
    if (declaredCodecAgrees('image', technical.codec, image.format) === false) {
      report('codec', { declared: technical.codec, actual: formatLabel(image.format) });
    }
    const w = technical.imageWidth;
    const h = technical.imageHeight;
    if ((w !== null && w !== image.width) || (h !== null && h !== image.height)) {
      report('dimensions', { declared: `${w ?? '?'} x ${h ?? '?'}`, actual: `${image.width} x ${image.height}` });
    }
  },
});

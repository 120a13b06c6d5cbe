/** Each image file is a complete image of the type its name says (not text, not empty, not cut short). */
import { mediaFileRule } from '../../media-file-rule.js';
import { service, spec } from '../../sources.js';

export default mediaFileRule({
  id: 'artwork-file-decodable',
  stage: 'artwork',
  kinds: ['Image'],
  at: 'file',
  meta: {
    label: 'Image files readable',
    description: 'Each image file is a complete, readable image of the type its name says.',
    sources: [
      spec('JPEG (ITU-T T.81)', 'a JPEG ends with its EOI marker'),
      spec('PNG (W3C)', 'a PNG ends with its IEND chunk'),
      service('An image that does not decode cannot be shown: the release would import without cover art.'),
    ],
    versions: 'all',
    severity: 'error',
    messages: {
      problem: 'The image file "{file}" of resource {resource} is not usable: {problem}.',
    },
    hint: { problem: 'Export the image again (JPEG or PNG) and re-deliver the complete file.' },
  },
  check({ facts }, report) {
    for (const problem of facts.image?.problems ?? []) report('problem', { problem });
  },
});

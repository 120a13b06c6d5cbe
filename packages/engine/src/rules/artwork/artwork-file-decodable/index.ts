/** Each image file is a complete image of the type its name says (not text, not empty, not cut short). */
import { defineRule } from '../../define.js';
import { inspectedFiles, ALONE_MESSAGE, ALONE_HINT } from '../../../media/rule-support.js';
import { service, spec } from '../../sources.js';

export default defineRule({
  id: 'artwork-file-decodable',
  stage: 'artwork',
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
      ...ALONE_MESSAGE,
    },
    hint: { problem: 'Export the image again (JPEG or PNG) and re-deliver the complete file.', ...ALONE_HINT },
  },
  create(ctx) {
    return {
      'Media:exit'() {
        for (const { file, entry, facts, reference } of inspectedFiles(ctx, ['Image'])) {
          for (const problem of facts.image?.problems ?? []) {
            ctx.report({ messageId: 'problem', loc: file.loc, resource: reference, data: { file: entry.path, resource: reference ?? '(no reference)', problem } });
          }
        }
      },
    };
  },
});

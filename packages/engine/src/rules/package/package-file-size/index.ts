/** The file size a message declares (ERN 4 `File/FileSize`) matches the file delivered. */
import { defineRule } from '../../define.js';
import { inspectedFiles, ALONE_MESSAGE, ALONE_HINT } from '../../../media/rule-support.js';
import { xsd } from '../../sources.js';

export default defineRule({
  id: 'package-file-size',
  stage: 'package',
  meta: {
    label: 'File sizes match',
    description: 'The FileSize declared for a file matches the number of bytes delivered.',
    sources: [
      xsd('4.3', 'File/FileSize (the size of the File in bytes)'),
    ],
    versions: 'all',
    severity: 'error',
    messages: {
      mismatch: 'Resource {resource} declares "{file}" as {declared} bytes, but the file holds {actual} bytes.',
      ...ALONE_MESSAGE,
    },
    hint: {
      mismatch: 'A different size usually means an incomplete upload or the wrong file: deliver the file again, or correct FileSize.',
      ...ALONE_HINT,
    },
  },
  create(ctx) {
    return {
      'Media:exit'() {
        for (const { file, entry, facts, reference } of inspectedFiles(ctx, 'all')) {
          if (file.declaredSize === null || file.declaredSize === facts.size) continue;
          ctx.report({ messageId: 'mismatch', loc: file.loc, resource: reference, data: { resource: reference ?? '(no reference)', file: entry.path, declared: file.declaredSize, actual: facts.size } });
        }
      },
    };
  },
});

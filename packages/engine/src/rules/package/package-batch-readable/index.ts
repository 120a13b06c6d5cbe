/** The delivery itself can be opened: a folder or zip with at least one message, safe zip entries, sane sizes. Reported by the engine. */
import { defineRule } from '../../define.js';
import { choreography, service } from '../../sources.js';

export default defineRule({
  id: 'package-batch-readable',
  stage: 'package',
  meta: {
    label: 'Readable delivery',
    description: 'The delivery opens as a folder, zip or XML file that holds at least one ERN message, with no unsafe or oversized zip entries.',
    sources: [
      choreography('a Batch is a folder with its messages and resource files', 'server'),
      service('A delivery is read as a folder, a zip or one XML file; unsafe or oversized zip entries are refused.'),
    ],
    versions: 'all',
    severity: 'error',
    messages: { failed: '{reason}' },
    hint: {
      failed: '{fix}',
    },
  },
});

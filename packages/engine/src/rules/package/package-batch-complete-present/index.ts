/** A store requirement: the batch ends with a non-empty BatchComplete file. */
import { defineRule } from '../../define.js';
import { choreography, store } from '../../sources.js';

export default defineRule({
  id: 'package-batch-complete-present',
  stage: 'package',
  meta: {
    label: 'Non-empty BatchComplete',
    description: 'The delivery holds a BatchComplete file and it is not empty (store requirement).',
    sources: [
      store('spotifyTestDeliveries', 'a non-empty BatchComplete file completes each delivery (spotify-batch-complete)'),
      choreography('the trigger that a Batch is complete is its ManifestMessage (or a semaphore file)'),
    ],
    versions: 'all',
    severity: 'error',
    storeOnly: true,
    messages: {
      missing: 'The delivery has no BatchComplete file; the store processes a batch only once its BatchComplete file has arrived.',
      empty: 'The BatchComplete file "{file}" is empty; the store needs a non-empty one.',
      alone: 'The BatchComplete file was not checked: the message was given alone, without its batch.',
    },
    hint: {
      missing: 'Upload a BatchComplete_<batch id>.xml file last, after every message and resource file of the batch.',
      empty: 'Write the batch manifest into the BatchComplete file (the messages of the batch, per the DDEX ERN choreography) instead of an empty marker.',
      alone: 'Check the whole delivery folder or zip to have the BatchComplete file checked.',
    },
  },
  checkBatch(ctx) {
    if (ctx.batch.messageOnly) {
      ctx.skip({ messageId: 'alone' });
      return;
    }
    const marker = ctx.batch.marker;
    if (!marker) ctx.report({ messageId: 'missing' });
    else if (marker.size === 0) ctx.report({ messageId: 'empty', file: marker.path, data: { file: marker.path } });
  },
});

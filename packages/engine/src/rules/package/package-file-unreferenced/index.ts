/** Files in the delivery that no message references: probably a wrong name, or files meant for another delivery. */
import { defineRule } from '../../define.js';
import { choreography } from '../../sources.js';

export default defineRule({
  id: 'package-file-unreferenced',
  stage: 'package',
  meta: {
    label: 'Unreferenced files',
    description: 'Every file of the delivery (besides messages, manifests and the completion marker) is referenced by a message.',
    sources: [
      choreography('a Batch holds the messages and the resource files they reference', 'server'),
    ],
    versions: 'all',
    severity: 'warn',
    messages: {
      unreferenced: 'The delivery holds "{file}", which no message references.',
    },
    hint: 'Remove the file from the delivery, or reference it from the resource it belongs to (a misspelt reference shows up as a missing file too).',
  },
  checkBatch(ctx) {
    const media = ctx.media;
    if (!media) return;
    const skip = new Set([...ctx.batch.messages, ...ctx.batch.manifests, ...(ctx.batch.marker ? [ctx.batch.marker] : [])].map((e) => e.path));
    for (const { file: messageFile, message } of ctx.messages) {
      for (const resource of message.resources) {
        for (const technical of resource.technical) {
          for (const file of technical.files) {
            const entry = media.resolve(file, messageFile);
            if (entry) skip.add(entry.path);
          }
        }
      }
    }
    for (const entry of ctx.batch.entries) {
      if (!skip.has(entry.path)) ctx.report({ messageId: 'unreferenced', file: entry.path, data: { file: entry.path } });
    }
  },
});

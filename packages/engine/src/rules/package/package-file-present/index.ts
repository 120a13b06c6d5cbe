/** Every file a resource references is in the delivery (folder or zip) and can be read. */
import { defineRule } from '../../define.js';
import { filesOf, localFileCount } from '../../../media/rule-support.js';
import { choreography, xsd } from '../../sources.js';

export default defineRule({
  id: 'package-file-present',
  stage: 'package',
  meta: {
    label: 'Referenced files present',
    description: 'Every file a resource references (URI, or FilePath + FileName, relative to the message) is in the delivery and can be read.',
    sources: [
      xsd('4.3', 'File/URI'),
      xsd('3.8.2', 'File/FilePath, File/FileName (the path relative to the message)'),
      choreography('a release\'s message and its resource files travel together', 'server'),
    ],
    versions: 'all',
    severity: 'error',
    messages: {
      missing: 'Resource {resource} references "{uri}", but the delivery holds no such file{suggestion}.',
      unreadable: 'Resource {resource} references "{file}": {reason}.',
      remote: 'Resource {resource} references the remote file "{uri}", which ddex-check does not fetch; it was not checked.',
      empty: 'Resource {resource} has a File element without a URI or FileName.',
      alone: 'The {count} file(s) of this message were not checked: the message was given alone, without the files it references.',
    },
    hint: {
      missing: 'Add the file to the delivery at that path (relative to the message), or correct the reference; names are case-sensitive.',
      unreadable: 'Deliver the file again; it could not be read from the delivery.',
      remote: 'Deliver the file inside the batch if the service does not fetch remote files.',
      empty: 'Write the file name in File/URI (ERN 4) or File/FileName (ERN 3).',
      alone: 'Check the whole delivery (the folder or zip holding the message and its files) to have the files checked.',
    },
  },
  create(ctx) {
    return {
      'Media:exit'() {
        const media = ctx.media;
        if (!media) {
          // Counted, not listed: a catalog message names a file per track.
          const count = localFileCount(ctx.message, 'all');
          if (count) ctx.skip({ messageId: 'alone', data: { count } });
          return;
        }
        const refs = filesOf(ctx.message, 'all');
        for (const { file, reference } of refs) {
          const resource = reference ?? '(no reference)';
          const at = { loc: file.loc, resource: reference };
          if (!file.uri.trim()) {
            ctx.report({ messageId: 'empty', data: { resource }, ...at });
            continue;
          }
          if (media.isRemote(file)) {
            ctx.skip({ messageId: 'remote', data: { resource, uri: file.uri }, ...at });
            continue;
          }
          const entry = media.resolve(file, ctx.file);
          if (!entry) {
            const near = media.nearest?.(file, ctx.file);
            ctx.report({ messageId: 'missing', data: { resource, uri: file.uri, suggestion: near ? ` (did you mean "${near}"?)` : '' }, ...at });
            continue;
          }
          const error = media.facts(entry.path)?.error;
          if (error) ctx.report({ messageId: 'unreadable', data: { resource, file: entry.path, reason: error }, ...at });
        }
      },
    };
  },
});

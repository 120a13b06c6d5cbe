/** Each video file is a video ffprobe can read, with a video stream; skipped (with how to install it) without ffprobe. */
import { defineRule } from '../../define.js';
import { inspectedFiles, ALONE_MESSAGE, ALONE_HINT } from '../../../media/rule-support.js';
import { service } from '../../sources.js';

export default defineRule({
  id: 'video-file-decodable',
  stage: 'video',
  meta: {
    label: 'Video files readable',
    description: 'Each video file is a readable video (ffprobe) with a video stream.',
    sources: [
      service('A video that cannot be read (ffprobe) or holds no video stream cannot be ingested.'),
    ],
    versions: 'all',
    severity: 'error',
    messages: {
      problem: 'The video file "{file}" of resource {resource} is not usable: {problem}.',
      noProbe: 'The {count} video file(s) of this message were not checked: {reason}.',
      ...ALONE_MESSAGE,
    },
    hint: {
      problem: 'Export the video again and re-deliver the complete file.',
      noProbe: 'Install ffprobe (part of ffmpeg) or set FFPROBE_PATH to have video files checked.',
      ...ALONE_HINT,
    },
  },
  create(ctx) {
    return {
      'Media:exit'() {
        const unprobed: string[] = [];
        for (const { file, entry, facts, reference } of inspectedFiles(ctx, ['Video'])) {
          if (facts.skipped.probe) unprobed.push(facts.skipped.probe);
          for (const problem of facts.video?.problems ?? []) {
            ctx.report({ messageId: 'problem', loc: file.loc, resource: reference, data: { file: entry.path, resource: reference ?? '(no reference)', problem } });
          }
        }
        if (unprobed.length) ctx.skip({ messageId: 'noProbe', data: { count: unprobed.length, reason: unprobed[0] } });
      },
    };
  },
});

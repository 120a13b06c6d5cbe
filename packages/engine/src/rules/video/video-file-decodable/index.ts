/** Each video file is a video ffprobe can read, with a video stream; skipped (with how to install it) without ffprobe. */
import { mediaFileRule } from '../../media-file-rule.js';
import { service } from '../../sources.js';

export default mediaFileRule({
  id: 'video-file-decodable',
  stage: 'video',
  kinds: ['Video'],
  at: 'file',
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
    },
    hint: {
      problem: 'Export the video again and re-deliver the complete file.',
      noProbe: 'Install ffprobe (part of ffmpeg) or set FFPROBE_PATH to have video files checked.',
    },
  },
  notChecked: { messageId: 'noProbe', reason: ({ facts }) => facts.skipped.probe },
  check({ facts }, report) {
    for (const problem of facts.video?.problems ?? []) report('problem', { problem });
  },
});

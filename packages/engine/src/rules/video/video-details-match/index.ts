/** What the message declares about each video (codec, frame size, frame rate, duration) matches the file. */
import { defineRule } from '../../define.js';
import { inspectedFiles, ALONE_MESSAGE, ALONE_HINT } from '../../../media/rule-support.js';
import { declaredCodecAgrees } from '../../../media/codec-names.js';
import { formatSeconds, parseDuration } from '../../../media/duration.js';
import { xsd } from '../../sources.js';

export default defineRule({
  id: 'video-details-match',
  stage: 'video',
  meta: {
    label: 'Video details match',
    description: 'The VideoCodecType, frame size, frame rate and duration declared for each video match its file.',
    sources: [
      xsd('4.3', 'Video/TechnicalDetails (TechnicalVideoDetails): VideoCodecType, ImageHeight, ImageWidth, FrameRate, Duration'),
      xsd('3.8.2', 'Video/VideoDetailsByTerritory/TechnicalVideoDetails'),
    ],
    versions: 'all',
    severity: 'error',
    messages: {
      value: 'Resource {resource} declares {field} {declared}, but "{file}" has {actual}.',
      duration: 'Resource {resource} declares a duration of {declared} ({declaredText}), but "{file}" lasts {actual} (more than {tolerance} s apart).',
      ...ALONE_MESSAGE,
    },
    hint: {
      value: 'Correct the technical details from the delivered video, or deliver the right file.',
      duration: 'Write the duration of the delivered video, or deliver the complete file.',
      ...ALONE_HINT,
    },
  },
  create(ctx) {
    return {
      'Media:exit'() {
        // Same tolerance as audio: the profile states one for durations.
        const tolerance = ctx.profile.audio.durationToleranceSeconds;
        for (const { resource, technical, entry, facts, reference } of inspectedFiles(ctx, ['Video'])) {
          const video = facts.video;
          if (!video?.videoCodec) continue;
          const base = { file: entry.path, resource: reference ?? '(no reference)' };
          const at = { loc: technical.loc, resource: reference };
          if (declaredCodecAgrees('video', technical.codec, video.videoCodec) === false) {
            ctx.report({ messageId: 'value', ...at, data: { ...base, field: 'VideoCodecType', declared: technical.codec, actual: video.videoCodec } });
          }
          const w = technical.videoWidth;
          const h = technical.videoHeight;
          if ((w !== null && w !== video.width) || (h !== null && h !== video.height)) {
            ctx.report({ messageId: 'value', ...at, data: { ...base, field: 'frame size', declared: `${w ?? '?'} x ${h ?? '?'}`, actual: `${video.width} x ${video.height}` } });
          }
          if (technical.frameRate !== null && video.frameRate !== null && Math.abs(technical.frameRate - video.frameRate) > 0.01) {
            ctx.report({ messageId: 'value', ...at, data: { ...base, field: 'FrameRate', declared: technical.frameRate, actual: `${video.frameRate} fps` } });
          }
          if (video.durationSeconds === null) continue;
          for (const { text, loc } of [
            { text: resource.duration?.value ?? null, loc: resource.duration },
            { text: technical.duration, loc: technical.loc },
          ]) {
            const seconds = parseDuration(text);
            if (seconds === null || Math.abs(seconds - video.durationSeconds) <= tolerance) continue;
            ctx.report({ messageId: 'duration', loc, resource: reference, data: { ...base, declared: formatSeconds(seconds), declaredText: text, actual: formatSeconds(video.durationSeconds), tolerance } });
          }
        }
      },
    };
  },
});

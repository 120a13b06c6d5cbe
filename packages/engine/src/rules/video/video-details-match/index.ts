/** What the message declares about each video (codec, frame size, frame rate, duration) matches the file. */
import { mediaFileRule } from '../../media-file-rule.js';
import { declaredCodecAgrees } from '../../../media/codec-names.js';
import { formatSeconds, parseDuration } from '../../../media/duration.js';
import { xsd } from '../../sources.js';

export default mediaFileRule({
  id: 'video-details-match',
  stage: 'video',
  kinds: ['Video'],
  at: 'technical',
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
    },
    hint: {
      value: 'Correct the technical details from the delivered video, or deliver the right file.',
      duration: 'Write the duration of the delivered video, or deliver the complete file.',
    },
  },
  check({ resource, technical, facts }, report, ctx) {
    // Same tolerance as audio: the profile states one for durations.
    const tolerance = ctx.profile.audio.durationToleranceSeconds;
    const video = facts.video;
    if (!video?.videoCodec) return;
    if (declaredCodecAgrees('video', technical.codec, video.videoCodec) === false) {
      report('value', { field: 'VideoCodecType', declared: technical.codec, actual: video.videoCodec });
    }
    const w = technical.videoWidth;
    const h = technical.videoHeight;
    if ((w !== null && w !== video.width) || (h !== null && h !== video.height)) {
      report('value', { field: 'frame size', declared: `${w ?? '?'} x ${h ?? '?'}`, actual: `${video.width} x ${video.height}` });
    }
    if (technical.frameRate !== null && video.frameRate !== null && Math.abs(technical.frameRate - video.frameRate) > 0.01) {
      report('value', { field: 'FrameRate', declared: technical.frameRate, actual: `${video.frameRate} fps` });
    }
    if (video.durationSeconds === null) return;
    for (const { text, loc } of [
      { text: resource.duration?.value ?? null, loc: resource.duration },
      { text: technical.duration, loc: technical.loc },
    ]) {
      const seconds = parseDuration(text);
      if (seconds === null || Math.abs(seconds - video.durationSeconds) <= tolerance) continue;
      report('duration', { declared: formatSeconds(seconds), declaredText: text, actual: formatSeconds(video.durationSeconds), tolerance }, loc);
    }
  },
});

/** Each video is in an accepted container and codecs, large enough, at an accepted frame rate. */
import { mediaFileRule } from '../../media-file-rule.js';
import { service } from '../../sources.js';

export default mediaFileRule({
  id: 'video-format-accepted',
  stage: 'video',
  kinds: ['Video'],
  at: 'file',
  meta: {
    label: 'Video format accepted',
    description: 'Each video is in an accepted container and codecs (default MOV/MP4, H.264/ProRes/HEVC, AAC/PCM audio), at least 1280 x 720, at 23.976 to 60 frames per second.',
    sources: [
      service('Service profile `video`: MOV or MP4, H.264, ProRes or HEVC with AAC or PCM audio, at least 1280 x 720, 23.976 to 60 frames per second, as common store music-video specifications ask.'),
    ],
    versions: 'all',
    severity: 'error',
    messages: {
      container: 'The video "{file}" of resource {resource} is in a {actual} container; the service accepts {accepted}.',
      videoCodec: 'The video "{file}" of resource {resource} is encoded in {actual}; the service accepts {accepted}.',
      audioCodec: 'The sound of the video "{file}" of resource {resource} is encoded in {actual}; the service accepts {accepted}.',
      resolution: 'The video "{file}" of resource {resource} is {width} x {height}; the service needs at least {minWidth} x {minHeight}.',
      frameRate: 'The video "{file}" of resource {resource} runs at {rate} frames per second; the service accepts {min} to {max}.',
    },
    hint: {
      container: 'Deliver the video as {accepted}.',
      videoCodec: 'Encode the video in {accepted}.',
      audioCodec: 'Encode the sound in {accepted}.',
      resolution: 'Deliver the master at {minWidth} x {minHeight} or more (do not upscale).',
      frameRate: 'Deliver the video at its native frame rate, between {min} and {max} fps.',
    },
  },
  check({ facts }, report, ctx) {
    const p = ctx.profile.video;
    const video = facts.video;
    if (!video?.container || !video.videoCodec) return;
    if (p.containers.length && !p.containers.includes(video.container)) report('container', { actual: video.container, accepted: p.containers.join(', ') });
    if (p.videoCodecs.length && !p.videoCodecs.includes(video.videoCodec)) report('videoCodec', { actual: video.videoCodec, accepted: p.videoCodecs.join(', ') });
    if (video.audioCodec && p.audioCodecs.length && !p.audioCodecs.includes(video.audioCodec)) report('audioCodec', { actual: video.audioCodec, accepted: p.audioCodecs.join(', ') });
    if (video.width !== null && video.height !== null && (video.width < p.minWidth || video.height < p.minHeight)) {
      report('resolution', { width: video.width, height: video.height, minWidth: p.minWidth, minHeight: p.minHeight });
    }
    // 0.01 fps of slack: 24000/1001 is written 23.976 but is 23.97602...
    if (video.frameRate !== null && (video.frameRate < p.minFrameRate - 0.01 || video.frameRate > p.maxFrameRate + 0.01)) {
      report('frameRate', { rate: video.frameRate, min: p.minFrameRate, max: p.maxFrameRate });
    }
  },
});

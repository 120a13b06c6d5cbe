import { DEFAULT_GENRES } from './default-genres.js';
export const DEFAULT_PROFILE = {
    name: 'default',
    artwork: {
        formats: ['jpeg', 'png'],
        minPixels: 1400,
        recommendedPixels: 3000,
        maxBytes: 50 * 1024 * 1024,
        square: true,
        colorSpaces: ['srgb', 'rgb'],
    },
    audio: {
        formats: ['flac', 'wav-pcm'],
        bitDepths: [16, 24],
        minSampleRate: 44100,
        channels: [2],
        durationToleranceSeconds: 2,
    },
    video: {
        containers: ['mov', 'mp4'],
        videoCodecs: ['h264', 'prores', 'hevc'],
        audioCodecs: ['aac', 'pcm_s16le', 'pcm_s24le'],
        minWidth: 1280,
        minHeight: 720,
        minFrameRate: 23.976,
        maxFrameRate: 60,
    },
    genres: [...DEFAULT_GENRES],
    territories: ['Worldwide'],
};
//# sourceMappingURL=default.js.map
/**
 * DDEX codec names (AVS AudioCodecType, ImageCodecType, VideoCodecType) against what the file
 * turned out to be, and readable names of measured formats for messages. Unknown and
 * UserDefined declare nothing to compare.
 */
const AUDIO = {
    FLAC: ['flac'],
    PCM: ['wav-pcm', 'wav-float', 'aiff'],
    MP3: ['mp3'],
    MP2: ['mp2'],
    MP: ['mp3', 'mp2'],
    AAC: ['aac', 'm4a'],
    VORBIS: ['vorbis', 'ogg'],
    ALAW: ['wav-other'],
    MULAW: ['wav-other'],
    ADPCM: ['wav-other'],
};
const IMAGE = { JPEG: ['jpeg'], PNG: ['png'], GIF: ['gif'], TIFF: ['tiff'], JPEG2000: ['jp2'] };
const VIDEO = {
    AVC: ['h264'],
    HEVC: ['hevc'],
    'MPEG-4': ['mpeg4', 'h264'],
    'MPEG-2': ['mpeg2video'],
    'MPEG-1': ['mpeg1video'],
    'H.263': ['h263'],
    'H.261': ['h261'],
    WMV: ['wmv1', 'wmv2', 'wmv3', 'vc1'],
};
const norm = (s) => s.trim().toUpperCase();
/** True or false when the declared codec can be compared, null when it says nothing (Unknown, UserDefined, unlisted). */
export function declaredCodecAgrees(kind, declared, measured) {
    if (!declared || !measured)
        return null;
    const key = norm(declared);
    if (kind === 'video' && key.startsWith('PRORES'))
        return measured === 'prores';
    const table = kind === 'audio' ? AUDIO : kind === 'image' ? IMAGE : VIDEO;
    const accepted = table[key];
    return accepted ? accepted.includes(measured) : null;
}
const LABELS = {
    flac: 'FLAC',
    'wav-pcm': 'PCM WAV',
    'wav-float': 'floating-point WAV',
    'wav-other': 'compressed WAV (not PCM)',
    mp3: 'MP3',
    mp2: 'MP2',
    aac: 'AAC',
    m4a: 'MPEG-4 audio',
    alac: 'Apple Lossless',
    aiff: 'AIFF',
    vorbis: 'Ogg Vorbis',
    opus: 'Opus',
    ogg: 'Ogg',
    jpeg: 'JPEG',
    png: 'PNG',
    gif: 'GIF',
    webp: 'WebP',
    tiff: 'TIFF',
    heif: 'HEIF',
    avif: 'AVIF',
};
export function formatLabel(format) {
    return LABELS[format] ?? format;
}
export function listLabels(formats) {
    return formats.map(formatLabel).join(', ');
}
//# sourceMappingURL=codec-names.js.map
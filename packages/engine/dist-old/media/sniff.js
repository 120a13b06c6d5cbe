/**
 * What a file really is, from its first bytes (magic numbers), whatever its extension says: an
 * MP3 renamed `.wav`, a text file named `cover.jpg` and random bytes are told apart before any
 * parser sees them, so the parser used is the right one and the finding can name the real type.
 */
const ascii = (b, at, text) => b.length >= at + text.length && b.toString('latin1', at, at + text.length) === text;
/** MP3 frame sync: 11 set bits, MPEG version not reserved, layer III/II/I. */
function mpegFrame(b, at) {
    return b.length >= at + 4 && b[at] === 0xff && (b[at + 1] & 0xe0) === 0xe0 && (b[at + 1] & 0x18) !== 0x08 && (b[at + 1] & 0x06) !== 0 && (b[at + 2] & 0xf0) !== 0xf0;
}
function looksLikeText(b) {
    const sample = b.subarray(0, 4096);
    if (sample.length === 0)
        return false;
    let printable = 0;
    for (const byte of sample)
        if (byte === 9 || byte === 10 || byte === 13 || (byte >= 32 && byte < 127) || byte >= 0xc2)
            printable++;
    return printable / sample.length > 0.97 && !sample.includes(0);
}
const audio = (format, mime, description) => ({ kind: 'audio', format, mime, description });
const image = (format, description) => ({ kind: 'image', format, mime: null, description });
const video = (format, description) => ({ kind: 'video', format, mime: null, description });
/** `head` is at least the first 64 bytes when the file has them. */
export function sniff(head) {
    if (head.length === 0)
        return { kind: 'empty', format: 'empty', mime: null, description: 'an empty file (0 bytes)' };
    if (ascii(head, 0, 'fLaC'))
        return audio('flac', 'audio/flac', 'a FLAC file');
    if (ascii(head, 0, 'RIFF') || ascii(head, 0, 'RF64') || ascii(head, 0, 'BW64')) {
        if (ascii(head, 8, 'WAVE'))
            return audio('wav', 'audio/wav', 'a WAV file');
        if (ascii(head, 8, 'AVI '))
            return video('avi', 'an AVI video');
        if (ascii(head, 8, 'WEBP'))
            return image('webp', 'a WebP image');
    }
    if (ascii(head, 0, 'FORM') && (ascii(head, 8, 'AIFF') || ascii(head, 8, 'AIFC')))
        return audio('aiff', 'audio/aiff', 'an AIFF file');
    if (ascii(head, 0, 'OggS'))
        return audio('ogg', 'audio/ogg', 'an Ogg file');
    if (ascii(head, 0, 'ID3'))
        return audio('mp3', 'audio/mpeg', 'an MP3 file (ID3 tag)');
    if (head.length >= 2 && head[0] === 0xff && (head[1] & 0xf6) === 0xf0)
        return audio('aac', 'audio/aac', 'an AAC (ADTS) file');
    if (mpegFrame(head, 0))
        return audio('mp3', 'audio/mpeg', 'an MP3 file');
    if (ascii(head, 4, 'ftyp')) {
        const brand = head.toString('latin1', 8, 12);
        if (/^M4[AB] /.test(brand))
            return audio('m4a', 'audio/mp4', 'an MPEG-4 audio file');
        if (brand === 'qt  ')
            return video('mov', 'a QuickTime movie');
        if (/^(heic|heix|mif1|avif)/.test(brand))
            return image(brand.startsWith('avif') ? 'avif' : 'heif', 'a HEIF/AVIF image');
        return video('mp4', 'an MP4 file');
    }
    if (ascii(head, 4, 'moov') || ascii(head, 4, 'mdat') || ascii(head, 4, 'wide') || ascii(head, 4, 'free'))
        return video('mov', 'a QuickTime movie');
    if (head.length >= 4 && head.readUInt32BE(0) === 0x1a45dfa3) {
        const webm = head.subarray(0, 64).includes(Buffer.from('webm'));
        return video(webm ? 'webm' : 'mkv', webm ? 'a WebM video' : 'a Matroska video');
    }
    if (head.length >= 189 && head[0] === 0x47 && head[188] === 0x47)
        return video('mpegts', 'an MPEG transport stream');
    if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff)
        return image('jpeg', 'a JPEG image');
    if (head.length >= 8 && head.readUInt32BE(0) === 0x89504e47 && head.readUInt32BE(4) === 0x0d0a1a0a)
        return image('png', 'a PNG image');
    if (ascii(head, 0, 'GIF87a') || ascii(head, 0, 'GIF89a'))
        return image('gif', 'a GIF image');
    if (ascii(head, 0, 'II*\0') || ascii(head, 0, 'MM\0*'))
        return image('tiff', 'a TIFF image');
    if (ascii(head, 0, 'BM') && head.length >= 14)
        return image('bmp', 'a BMP image');
    if (ascii(head, 0, '%PDF'))
        return { kind: 'unknown', format: 'pdf', mime: null, description: 'a PDF document' };
    if (head.length >= 4 && head.readUInt32BE(0) === 0x504b0304)
        return { kind: 'unknown', format: 'zip', mime: null, description: 'a zip archive' };
    // An MP3 without ID3 may start with a little padding before the first frame.
    for (let at = 1; at < Math.min(head.length, 2048); at++)
        if (mpegFrame(head, at) && mpegFrame(head, at + frameLength(head, at)))
            return audio('mp3', 'audio/mpeg', 'an MP3 file');
    if (looksLikeText(head)) {
        const start = head.toString('utf8', 0, 64).trimStart();
        const what = start.startsWith('<') ? 'an XML/HTML text file' : start.startsWith('{') ? 'a JSON text file' : 'a text file';
        return { kind: 'text', format: 'text', mime: null, description: what };
    }
    return { kind: 'unknown', format: 'unknown', mime: null, description: 'data of no known audio, image or video format' };
}
const BITRATES_V1_L3 = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
const RATES_V1 = [44100, 48000, 32000];
/** Length of an MPEG-1 layer III frame (enough to confirm a second sync follows); 0 when unknown. */
function frameLength(b, at) {
    const bitrate = BITRATES_V1_L3[b[at + 2] >> 4] ?? 0;
    const rate = RATES_V1[(b[at + 2] >> 2) & 3] ?? 0;
    if (!bitrate || !rate)
        return 0;
    return Math.floor((144000 * bitrate) / rate) + ((b[at + 2] >> 1) & 1);
}
/** The format an extension promises (`.wav` -> `wav`), for "the extension says X but the content is Y". */
export function formatOfExtension(file) {
    const ext = /\.([a-z0-9]+)$/i.exec(file)?.[1]?.toLowerCase();
    if (!ext)
        return null;
    const map = { wav: 'wav', wave: 'wav', bwf: 'wav', flac: 'flac', mp3: 'mp3', aac: 'aac', m4a: 'm4a', aif: 'aiff', aiff: 'aiff', ogg: 'ogg', oga: 'ogg', jpg: 'jpeg', jpeg: 'jpeg', png: 'png', gif: 'gif', webp: 'webp', tif: 'tiff', tiff: 'tiff', bmp: 'bmp', mp4: 'mp4', m4v: 'mp4', mov: 'mov', mkv: 'mkv', webm: 'webm', avi: 'avi', ts: 'mpegts' };
    return map[ext] ?? null;
}
//# sourceMappingURL=sniff.js.map
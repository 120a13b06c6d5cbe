/**
 * Reads a WAV (RIFF/RF64) header from the first bytes: format tag, channels, rate, bit depth and
 * the declared length of the audio data. music-metadata reports WAVE_FORMAT_EXTENSIBLE (the usual
 * layout of 24-bit and multichannel files) as "non-PCM"; this reads the sub-format GUID instead,
 * and compares the data size the header declares with the bytes the file holds (truncation).
 */
const GUID_TAIL = '000000001000800000aa00389b71';
function encodingOf(tag) {
    if (tag === 1)
        return 'pcm';
    if (tag === 3)
        return 'float';
    return `tag 0x${tag.toString(16).padStart(4, '0')}`;
}
/** Null when the head holds no readable fmt chunk. */
export function readWavHeader(head) {
    if (head.length < 12)
        return null;
    const rf64 = head.toString('latin1', 0, 4) !== 'RIFF';
    let ds64DataBytes = null;
    let offset = 12;
    let header = null;
    while (offset + 8 <= head.length) {
        const id = head.toString('latin1', offset, offset + 4);
        const size = head.readUInt32LE(offset + 4);
        const body = offset + 8;
        if (id === 'ds64' && body + 24 <= head.length)
            ds64DataBytes = Number(head.readBigUInt64LE(body + 8));
        if (id === 'fmt ' && body + 16 <= head.length) {
            let tag = head.readUInt16LE(body);
            const bitsPerSample = head.readUInt16LE(body + 14);
            let bits = bitsPerSample;
            if (tag === 0xfffe && size >= 40 && body + 40 <= head.length) {
                const valid = head.readUInt16LE(body + 18);
                if (head.toString('hex', body + 26, body + 40) === GUID_TAIL)
                    tag = head.readUInt16LE(body + 24);
                if (valid > 0 && valid <= bitsPerSample)
                    bits = valid;
            }
            header = { encoding: encodingOf(tag), formatTag: tag, channels: head.readUInt16LE(body + 2), sampleRate: head.readUInt32LE(body + 4), blockAlign: head.readUInt16LE(body + 12), bitsPerSample: bits };
        }
        if (id === 'data') {
            if (!header)
                return null;
            const dataBytes = rf64 && size === 0xffffffff ? ds64DataBytes : size;
            return { ...header, dataOffset: body, dataBytes };
        }
        offset = body + size + (size & 1); // chunks are word-aligned
    }
    return header ? { ...header, dataOffset: null, dataBytes: null } : null;
}
//# sourceMappingURL=wav-header.js.map
/**
 * FLAC structure checks that need no decoder: STREAMINFO from the head, and the last frame from
 * the tail. music-metadata reads STREAMINFO only, so a FLAC cut short still "lasts" what its
 * header says; here the last frame is found (header CRC-8, then the frame's CRC-16 up to the end
 * of the file) and its position compared with STREAMINFO's total samples.
 */
export function readStreamInfo(head) {
    if (head.length < 42 || head.toString('latin1', 0, 4) !== 'fLaC' || (head[4] & 0x7f) !== 0)
        return null;
    const b = head.subarray(8, 42);
    const sampleRate = (b[10] << 12) | (b[11] << 4) | (b[12] >> 4);
    const channels = ((b[12] >> 1) & 7) + 1;
    const bitsPerSample = (((b[12] & 1) << 4) | (b[13] >> 4)) + 1;
    const totalSamples = (b[13] & 0x0f) * 2 ** 32 + b.readUInt32BE(14);
    let offset = 4;
    let audioOffset = null;
    while (offset + 4 <= head.length) {
        const last = (head[offset] & 0x80) !== 0;
        offset += 4 + head.readUIntBE(offset + 1, 3);
        if (last) {
            audioOffset = offset;
            break;
        }
    }
    return { minBlockSize: b.readUInt16BE(0), maxBlockSize: b.readUInt16BE(2), sampleRate, channels, bitsPerSample, totalSamples, audioOffset };
}
const CRC8 = new Uint8Array(256);
const CRC16 = new Uint16Array(256);
for (let i = 0; i < 256; i++) {
    let c8 = i;
    let c16 = i << 8;
    for (let k = 0; k < 8; k++) {
        c8 = c8 & 0x80 ? ((c8 << 1) ^ 0x07) & 0xff : (c8 << 1) & 0xff;
        c16 = c16 & 0x8000 ? ((c16 << 1) ^ 0x8005) & 0xffff : (c16 << 1) & 0xffff;
    }
    CRC8[i] = c8;
    CRC16[i] = c16;
}
function crc8(b, from, to) {
    let crc = 0;
    for (let i = from; i < to; i++)
        crc = CRC8[crc ^ b[i]];
    return crc;
}
function crc16(b, from, to) {
    let crc = 0;
    for (let i = from; i < to; i++)
        crc = ((crc << 8) & 0xffff) ^ CRC16[(crc >> 8) ^ b[i]];
    return crc;
}
/** Parses a frame header at `at` (verified by its CRC-8), or null. */
function frameHeaderAt(b, at, info) {
    if (at + 6 > b.length || b[at] !== 0xff || (b[at + 1] & 0xfe) !== 0xf8)
        return null;
    const variable = (b[at + 1] & 1) === 1;
    const bsCode = b[at + 2] >> 4;
    const srCode = b[at + 2] & 0x0f;
    if (bsCode === 0 || srCode === 15 || b[at + 3] >> 4 >= 11 || (b[at + 3] & 1) !== 0)
        return null;
    // UTF-8-like coded frame or sample number.
    let p = at + 4;
    const first = b[p++];
    let extra = 0;
    while (extra < 7 && first & (0x80 >> extra))
        extra++;
    if (extra === 1 || extra > 7)
        return null;
    let number = extra === 0 ? first : first & (0xff >> (extra + 1));
    for (let i = 1; i < extra; i++) {
        if (p >= b.length || (b[p] & 0xc0) !== 0x80)
            return null;
        number = number * 64 + (b[p++] & 0x3f);
    }
    let blockSize;
    if (bsCode === 1)
        blockSize = 192;
    else if (bsCode <= 5)
        blockSize = 576 << (bsCode - 2);
    else if (bsCode === 6)
        blockSize = (b[p++] ?? 0) + 1;
    else if (bsCode === 7) {
        blockSize = ((b[p] << 8) | b[p + 1]) + 1;
        p += 2;
    }
    else
        blockSize = 256 << (bsCode - 8);
    if (srCode === 12)
        p += 1;
    else if (srCode === 13 || srCode === 14)
        p += 2;
    if (p >= b.length || crc8(b, at, p) !== b[p])
        return null;
    const start = variable ? number : number * info.maxBlockSize;
    return { start, blockSize };
}
/**
 * `tail` holds the last bytes of the file (`tailOffset` is where they start in the file). The
 * last frame must end exactly at the end of the file (its CRC-16 checks) and reach STREAMINFO's
 * total sample count.
 */
export function checkFlacTail(tail, tailOffset, info) {
    let end = tail.length;
    if (end >= 128 && tail.toString('latin1', end - 128, end - 125) === 'TAG')
        end -= 128; // ID3v1 after the audio
    const minStart = info.audioOffset === null ? 0 : Math.max(0, info.audioOffset - tailOffset);
    if (info.audioOffset !== null && tailOffset + end <= info.audioOffset)
        return { ok: false, problem: 'the file ends before its first audio frame (truncated)' };
    for (let at = end - 8; at >= minStart; at--) {
        if (tail[at] !== 0xff)
            continue;
        const frame = frameHeaderAt(tail, at, info);
        if (!frame)
            continue;
        if (crc16(tail, at, end - 2) !== tail.readUInt16BE(end - 2))
            continue;
        const reached = frame.start + frame.blockSize;
        if (info.totalSamples > 0 && reached < info.totalSamples) {
            const missing = (info.totalSamples - reached) / info.sampleRate;
            return { ok: false, problem: `the audio stops at ${(reached / info.sampleRate).toFixed(2)} s, ${missing.toFixed(2)} s before the length its header declares (truncated)` };
        }
        return { ok: true };
    }
    return { ok: false, problem: 'the last FLAC frame is incomplete: the file is cut short (truncated) or has bytes appended after the audio' };
}
//# sourceMappingURL=flac-check.js.map
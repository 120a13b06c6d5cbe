/**
 * Reads a WAV (RIFF/RF64) header from the first bytes: format tag, channels, rate, bit depth and
 * the declared length of the audio data. music-metadata reports WAVE_FORMAT_EXTENSIBLE (the usual
 * layout of 24-bit and multichannel files) as "non-PCM"; this reads the sub-format GUID instead,
 * and compares the data size the header declares with the bytes the file holds (truncation).
 */
export interface WavHeader {
    /** `pcm`, `float`, or `tag 0x0055` for other codecs (MP3 in WAV, ADPCM...). */
    encoding: string;
    formatTag: number;
    channels: number;
    sampleRate: number;
    bitsPerSample: number;
    /** Byte offset where the sample data starts, and its declared length. */
    dataOffset: number | null;
    dataBytes: number | null;
    blockAlign: number;
}
/** Null when the head holds no readable fmt chunk. */
export declare function readWavHeader(head: Buffer): WavHeader | null;
//# sourceMappingURL=wav-header.d.ts.map
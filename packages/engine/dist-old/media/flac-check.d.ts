/**
 * FLAC structure checks that need no decoder: STREAMINFO from the head, and the last frame from
 * the tail. music-metadata reads STREAMINFO only, so a FLAC cut short still "lasts" what its
 * header says; here the last frame is found (header CRC-8, then the frame's CRC-16 up to the end
 * of the file) and its position compared with STREAMINFO's total samples.
 */
export interface StreamInfo {
    minBlockSize: number;
    maxBlockSize: number;
    sampleRate: number;
    channels: number;
    bitsPerSample: number;
    /** 0 when the encoder did not know it. */
    totalSamples: number;
    /** Offset of the first audio frame (after every metadata block), when the head reaches it. */
    audioOffset: number | null;
}
export declare function readStreamInfo(head: Buffer): StreamInfo | null;
export type FlacTailVerdict = {
    ok: true;
} | {
    ok: false;
    problem: string;
};
/**
 * `tail` holds the last bytes of the file (`tailOffset` is where they start in the file). The
 * last frame must end exactly at the end of the file (its CRC-16 checks) and reach STREAMINFO's
 * total sample count.
 */
export declare function checkFlacTail(tail: Buffer, tailOffset: number, info: StreamInfo): FlacTailVerdict;
//# sourceMappingURL=flac-check.d.ts.map
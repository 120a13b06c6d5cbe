/**
 * Feeds one read of a file to several consumers at once (hashers, music-metadata, ffprobe or
 * ffmpeg on stdin): each chunk goes to every consumer still listening, and the read waits for
 * the slowest one (backpressure), so memory stays flat whatever the file size. A consumer that
 * stops early (music-metadata has its header, ffprobe exits) is dropped, never waited on.
 */
import type { Writable } from 'node:stream';
export interface ChunkSink {
    /** Returns a promise when the read must wait (backpressure). */
    write(chunk: Buffer): void | Promise<void>;
    end(): void;
}
/** A sink over a Writable (a PassThrough, a child's stdin); it goes quiet once the writable closes or errors. */
export declare function writableSink(w: Writable): ChunkSink & {
    readonly open: boolean;
    stop(): void;
};
/**
 * Reads the rest of a stream (its async iterator) to the end, giving every chunk to the sinks in order. `first` are chunks already
 * read from the stream (the head used to sniff the type). Returns the byte count.
 */
export declare function fanOut(iterator: AsyncIterator<Buffer>, first: Buffer[], sinks: ChunkSink[], signal?: AbortSignal): Promise<number>;
/** Reads chunks until at least `want` bytes (or the end): the head to sniff, without losing anything. */
export declare function readHead(iterator: AsyncIterator<Buffer>, want: number): Promise<{
    chunks: Buffer[];
    head: Buffer;
    ended: boolean;
}>;
/** Keeps the last `size` bytes that went through it. */
export declare class TailKeeper implements ChunkSink {
    private readonly size;
    private chunks;
    private length;
    constructor(size: number);
    write(chunk: Buffer): void;
    end(): void;
    get bytes(): Buffer;
}
/** Keeps every byte up to `cap` (an image for sharp); `complete` says whether all of it fitted. */
export declare class BufferKeeper implements ChunkSink {
    private readonly cap;
    private chunks;
    private length;
    complete: boolean;
    constructor(cap: number);
    write(chunk: Buffer): void;
    end(): void;
    get bytes(): Buffer;
}
//# sourceMappingURL=fan-out.d.ts.map
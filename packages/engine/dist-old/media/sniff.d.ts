/**
 * What a file really is, from its first bytes (magic numbers), whatever its extension says: an
 * MP3 renamed `.wav`, a text file named `cover.jpg` and random bytes are told apart before any
 * parser sees them, so the parser used is the right one and the finding can name the real type.
 */
export type SniffedKind = 'audio' | 'image' | 'video' | 'text' | 'empty' | 'unknown';
export interface Sniffed {
    kind: SniffedKind;
    /** `flac`, `wav`, `mp3`, `aac`, `ogg`, `aiff`, `m4a`, `jpeg`, `png`, `gif`, `webp`, `tiff`, `bmp`, `mp4`, `mov`, `mkv`, `webm`, `avi`, `mpegts`, `text`, ... */
    format: string;
    /** MIME type for music-metadata, when audio. */
    mime: string | null;
    /** Human name for messages (`an MP3 file`). */
    description: string;
}
/** `head` is at least the first 64 bytes when the file has them. */
export declare function sniff(head: Buffer): Sniffed;
/** The format an extension promises (`.wav` -> `wav`), for "the extension says X but the content is Y". */
export declare function formatOfExtension(file: string): string | null;
//# sourceMappingURL=sniff.d.ts.map
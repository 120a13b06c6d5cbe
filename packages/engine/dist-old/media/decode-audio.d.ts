/**
 * Deep audio check: a full decode with ffmpeg (`-f null`), reading a path or stdin. A decode that
 * errors, or that ends well before the length the header declares (a truncated file decodes
 * "fine" up to where it stops), marks the file as not decodable.
 */
import { type ToolRun } from './run-tool.js';
export declare function startDecode(ffmpeg: string, input: {
    path: string;
} | 'stdin', signal?: AbortSignal): ToolRun;
export interface DecodeOutcome {
    ok: boolean;
    decodedSeconds: number | null;
    problem: string | null;
}
/** Judges a finished decode against the duration the headers declare (null when unknown). */
export declare function decodeOutcome(result: Awaited<ToolRun['done']>, headerSeconds: number | null): DecodeOutcome;
//# sourceMappingURL=decode-audio.d.ts.map
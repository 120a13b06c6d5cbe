/**
 * Video facts from ffprobe (`-print_format json -show_format -show_streams`): container, video
 * and audio codecs, frame size, frame rate and duration. ffprobe reads a path (folder batches)
 * or stdin (zip entries, streamed without extraction).
 */
import { type ToolRun } from './run-tool.js';
import type { VideoFacts } from './types.js';
export declare function startVideoProbe(ffprobe: string, input: {
    path: string;
} | 'stdin', signal?: AbortSignal): ToolRun;
export declare function videoFactsOf(result: Awaited<ToolRun['done']>, sniffedFormat: string): VideoFacts;
//# sourceMappingURL=probe-video.d.ts.map
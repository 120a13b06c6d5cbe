import type { BatchEntry } from '../batch/types.js';
import { type DigestName } from './hash-algorithms.js';
import type { ToolLocation } from './tools.js';
import type { MediaFacts } from './types.js';
export type MediaRole = 'audio' | 'image' | 'video';
export interface FilePlan {
    entry: BatchEntry;
    digests: Set<DigestName>;
    roles: Set<MediaRole>;
    /** Path on disk (folder batches), so ffprobe can seek; null for zip entries (streamed to stdin). */
    localPath: string | null;
}
export interface InspectSettings {
    deep: boolean;
    /** Largest image kept in memory for sharp; beyond it only the head is read for the header. */
    imageCap: number;
    tools: {
        ffprobe(): ToolLocation;
        ffmpeg(): ToolLocation;
    };
    signal?: AbortSignal;
}
export declare function inspectFile(plan: FilePlan, settings: InspectSettings): Promise<MediaFacts>;
//# sourceMappingURL=inspect-file.d.ts.map
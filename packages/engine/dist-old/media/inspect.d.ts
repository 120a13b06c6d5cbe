import type { Batch } from '../batch/types.js';
import type { ErnMessage } from '../ern/model.js';
import type { Profile } from '../profile/types.js';
import type { ProgressEvent } from '../options.js';
import { type FilePlan } from './inspect-file.js';
import type { MediaAccess } from './types.js';
export interface InspectMediaInput {
    batch: Batch;
    messages: readonly {
        file: string;
        message: ErnMessage;
    }[];
    deep: boolean;
    profile: Profile;
    onProgress?: (event: ProgressEvent) => void;
    signal?: AbortSignal;
    /** Files inspected at once (default: the number of cores, 2 to 8). */
    concurrency?: number;
}
export declare function planMedia(input: Pick<InspectMediaInput, 'batch' | 'messages'>): Map<string, FilePlan>;
export declare function inspectMedia(input: InspectMediaInput): Promise<MediaAccess>;
//# sourceMappingURL=inspect.d.ts.map
/**
 * Batch-level rules (`checkBatch`): run once per delivery after every message and the media were
 * read, e.g. files no message references. Same severity, messages and failure handling as the
 * per-message dispatcher.
 */
import type { Batch } from '../batch/types.js';
import type { MediaAccess } from '../media/types.js';
import type { Profile } from '../profile/types.js';
import type { ReadMessage } from '../report/build.js';
import type { Check } from '../report/types.js';
import type { ActiveRule } from './severity.js';
export interface BatchRun {
    batch: Batch;
    messages: readonly ReadMessage[];
    media: MediaAccess | null;
    active: readonly ActiveRule[];
    profile: Profile;
}
/** Runs every active rule's `checkBatch` once; a rule that finds nothing passes, one that throws is skipped. */
export declare function runBatchRules({ batch, messages, media, active, profile }: BatchRun): Promise<Check[]>;
//# sourceMappingURL=batch-runner.d.ts.map
/** `PurgeReleaseMessage/PurgedRelease` (3.8+ and 4.x): the identifiers and titles of the release to remove. */
import type { OpenElement } from '../xml/events.js';
import type { ErnMessage } from './model.js';
import { type Dispatcher } from './dispatch.js';
export declare function openPurgedRelease(el: OpenElement, d: Dispatcher, message: ErnMessage): void;
//# sourceMappingURL=purged-releases.d.ts.map
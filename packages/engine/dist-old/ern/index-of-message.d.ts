/**
 * Lookups over a finished model for cross-reference rules: releases, resources and parties by
 * their local anchor, the releases that use a resource (resource list, track list, linked
 * references), and the deals that name a release. Built once per message, in O(size of model).
 */
import type { Deal, ErnMessage, Party, Release, Resource } from './model.js';
export interface MessageIndex {
    release(ref: string): Release | undefined;
    resource(ref: string): Resource | undefined;
    party(ref: string): Party | undefined;
    releasesOfResource(ref: string): Release[];
    dealsOfRelease(ref: string): Deal[];
}
/** The index of a finished model (memoized: call it freely from every rule's `Message:exit`). */
export declare function indexMessage(m: ErnMessage): MessageIndex;
//# sourceMappingURL=index-of-message.d.ts.map
/**
 * What every media rule does first: list the files of the message's resources of some kinds,
 * and either hand over the inspected ones, or (a lone XML checked without its files) record one
 * `skipped` check saying the files were not checked.
 */
import type { ErnMessage, Resource, ResourceFile, ResourceKind, TechnicalDetails } from '../ern/model.js';
import type { RuleContext } from '../rules/define.js';
import type { BatchEntry } from '../batch/types.js';
import type { MediaFacts } from './types.js';
export interface MediaFileRef {
    resource: Resource;
    /** `A1`, or null when the resource has no reference. */
    reference: string | null;
    technical: TechnicalDetails;
    file: ResourceFile;
}
export interface InspectedFile extends MediaFileRef {
    entry: BatchEntry;
    facts: MediaFacts;
}
export declare function filesOf(message: ErnMessage, kinds: readonly ResourceKind[] | 'all'): MediaFileRef[];
/** Message every media rule declares for the lone-XML case. */
export declare const ALONE_MESSAGE: {
    alone: string;
};
export declare const ALONE_HINT: {
    alone: string;
};
/**
 * The referenced files that were inspected and could be read (missing, remote and unreadable ones
 * are `package-file-present`'s findings). With no media at hand, one `skipped` check.
 */
export declare function inspectedFiles(ctx: RuleContext, kinds: readonly ResourceKind[] | 'all'): InspectedFile[];
/** Cover art (front cover, or an image with no type): the images the size and shape rules apply to. */
export declare function isCoverArt(resource: {
    kind: string;
    type: string | null;
}): boolean;
//# sourceMappingURL=rule-support.d.ts.map
/**
 * Builds the Report from the checks of every message and of the batch: summary, per-release
 * outcomes (a release with an error is left out, one needing staff is flagged, one the catalog
 * knows is updated) and what would be created.
 */
import type { ErnMessage, Release } from '../ern/model.js';
import type { Check, MessageSummary, Report } from './types.js';
export interface ReadMessage {
    file: string;
    message: ErnMessage | null;
    summary: MessageSummary;
    /** Release references the catalog found on the member. */
    updates: ReadonlySet<string>;
}
export interface BuildInput {
    source: string;
    checks: Check[];
    messages: ReadMessage[];
    engine: Report['engine'];
}
/** Releases that become catalog entries: the main/other releases, not per-track or clip releases. */
export declare function isCatalogRelease(release: Release): boolean;
export declare function buildReport({ source, checks, messages, engine }: BuildInput): Report;
//# sourceMappingURL=build.d.ts.map
/**
 * Merges every active rule's handlers into one listener of the pass (ESLint-style traversal,
 * but on a stream): handlers are indexed by element name and matched on the path suffix, so each
 * event costs one map lookup. Findings become checks with the location taken at event time; a
 * throwing handler becomes a `skipped` check with its rule id, never a crash.
 */
import type { XmlListener } from '../xml/events.js';
import type { ErnMessage } from '../ern/model.js';
import type { Catalog } from '../catalog/types.js';
import type { Profile } from '../profile/types.js';
import type { MediaAccess } from '../media/types.js';
import type { Check } from '../report/types.js';
import { type Rule } from './define.js';
import type { ActiveRule } from './severity.js';
export interface DispatcherInit {
    file: string;
    message: () => ErnMessage;
    profile: Profile;
    catalog: Catalog | null;
    /** Folder of XSD sets (`ValidateOptions.schemasDir`), for rules reading allowed value sets. */
    schemasDir?: string | null;
}
export declare class RuleDispatcher {
    private readonly active;
    private readonly init;
    readonly listener: XmlListener;
    /** Release references the catalog found on the member. */
    readonly updates: Set<string>;
    private readonly pending;
    private readonly enter;
    private readonly close;
    private readonly handlers;
    private readonly found;
    private readonly contexts;
    private releaseFrame;
    constructor(active: readonly ActiveRule[], init: DispatcherInit, version: ErnMessage['version']);
    /** Runs `Message:exit` (or `Media:exit`) handlers in rule order; awaited one by one. */
    exit(hook: 'Message:exit' | 'Media:exit', media?: MediaAccess | null): Promise<void>;
    /** Findings made so far, without `pass` checks (for a message that could not be read to its end). */
    findings(): Check[];
    /** Checks of this message: findings, then one `pass` per applicable rule that found nothing. */
    checks(version: ErnMessage['version'] | null): Check[];
    private run;
    private contextFor;
    private record;
    private internalFailure;
}
export declare function appliesTo(rule: Rule, version: ErnMessage['version']): boolean;
export declare function baseCheck(entry: Pick<ActiveRule, 'rule'>, fields: Partial<Check> & Pick<Check, 'status' | 'message'>): Check;
//# sourceMappingURL=dispatcher.d.ts.map
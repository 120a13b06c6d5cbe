/**
 * How a rule gets the allowed values of the message's version: from the XSD set the engine was
 * pointed at (`ctx.schemasDir`, else DDEX_SCHEMAS_DIR and the user cache). Without one, the rule
 * records a `skipped` check naming the install command instead of guessing.
 */
import type { RuleContext } from '../rules/define.js';
import { type AllowedValues } from './allowed-values.js';
/** Message every AVS-backed rule declares for the skip (`noAvs`), with its hint. */
export declare const NO_AVS_MESSAGE = "The DDEX allowed value sets of ERN {version} are not installed, so {what} could not be checked.";
export declare const NO_AVS_HINT = "Install the DDEX schemas: {install}.";
export declare function avsForRule(ctx: RuleContext, what: string): Promise<AllowedValues | null>;
//# sourceMappingURL=rule-access.d.ts.map
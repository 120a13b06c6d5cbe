/**
 * xs:ID uniqueness and xs:IDREF resolution over one message. IDs are kept in a compact hash set;
 * an IDREF is kept only while no ID of that value has been seen (ERN mostly refers backwards), so
 * memory is the ID set plus forward references.
 */
import type { SchemaIssue } from '../xml/schema-validator.js';
import type { OpenElement } from '../xml/events.js';
export declare class IdentityTracker {
    private readonly report;
    private readonly ids;
    private readonly pending;
    constructor(report: (issue: SchemaIssue) => void);
    /** A valid value of a type built on `builtin`; only ID, IDREF and IDREFS matter. */
    value(builtin: string, raw: string, el: OpenElement): void;
    finish(): void;
}
//# sourceMappingURL=identity-tracker.d.ts.map
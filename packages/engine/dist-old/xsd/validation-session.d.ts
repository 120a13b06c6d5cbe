/**
 * Validates one message on the events of the streaming pass against a compiled XSD set. State is
 * one frame per open element (plus the ID values seen and the IDREFs not yet resolved), so memory
 * follows element depth, not message size. Every error is kept, each with line, column and path.
 */
import type { SchemaResult } from '../xml/schema-validator.js';
import type { XmlListener } from '../xml/events.js';
import type { CompiledSet } from './compiled-set.js';
import type { SimpleChecker } from './simple-check.js';
export declare const MAX_ISSUES = 1000;
export interface SessionOptions {
    /** Check xs:ID uniqueness and xs:IDREF resolution (libxml2 does not for element content). */
    identityConstraints: boolean;
}
export declare class ValidationSession {
    private readonly set;
    readonly listener: XmlListener;
    /** Frames are reused by depth (no allocation per element); `depth` of them are in use. */
    private readonly frames;
    private depth;
    private readonly issues;
    private issueCount;
    private readonly identity;
    private readonly types;
    constructor(set: CompiledSet, checker: SimpleChecker, options: SessionOptions);
    private report;
    private at;
    private open;
    /** Moves the parent's automaton on this child and returns the child's type, reporting what was expected. */
    private childType;
    private checkAttributes;
    private text;
    private close;
    finish(): SchemaResult;
}
//# sourceMappingURL=validation-session.d.ts.map
/**
 * `MessageHeader` (same path in every root and version): ids, sender / recipients (party ids and
 * name), creation time and control type. 3.x allows several sender PartyIds; 4.x exactly one.
 */
import type { ErnMessage, MessageHeader } from './model.js';
import type { Rules } from './dispatch.js';
export declare function emptyHeader(): MessageHeader;
/** Relative to the message root. */
export declare const HEADER_RULES: Rules<ErnMessage>;
//# sourceMappingURL=header.d.ts.map
/**
 * ISRC (ISO 3901): 12 characters, `CC` country code (ISO 3166-1 alpha-2 of the issuing agency, or
 * a code IFPI allocated such as `QM`, `QZ`, `ZZ`), 3-character registrant, 2-digit year of
 * reference, 5-digit designation. Sent without separators in DDEX messages.
 */
export declare const ISRC_PATTERN: RegExp;
export interface IsrcParts {
    country: string;
    registrant: string;
    year: string;
    designation: string;
}
export declare function parseIsrc(value: string): IsrcParts | null;
/** The form catalogs compare on: upper case, no dashes or spaces. */
export declare function compactIsrc(value: string): string;
//# sourceMappingURL=isrc.d.ts.map
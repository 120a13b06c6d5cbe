/**
 * ISRC (ISO 3901): 12 characters, `CC` country code (ISO 3166-1 alpha-2 of the issuing agency, or
 * a code IFPI allocated such as `QM`, `QZ`, `ZZ`), 3-character registrant, 2-digit year of
 * reference, 5-digit designation. Sent without separators in DDEX messages.
 */
export const ISRC_PATTERN = /^([A-Z]{2})([A-Z0-9]{3})(\d{2})(\d{5})$/;
export function parseIsrc(value) {
    const m = ISRC_PATTERN.exec(value);
    return m ? { country: m[1], registrant: m[2], year: m[3], designation: m[4] } : null;
}
/** The form catalogs compare on: upper case, no dashes or spaces. */
export function compactIsrc(value) {
    return value.replace(/[\s-]/g, '').toUpperCase();
}
//# sourceMappingURL=isrc.js.map
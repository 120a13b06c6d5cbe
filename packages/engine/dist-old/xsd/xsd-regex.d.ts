export declare class XsdRegexError extends Error {
}
/** The JavaScript source (use with flag `u`) of an XSD pattern. Throws XsdRegexError when invalid. */
export declare function translateXsdPattern(pattern: string): string;
//# sourceMappingURL=xsd-regex.d.ts.map
/** Escaping for the XML the JUnit formatter writes: markup characters and characters XML 1.0 forbids. */
export declare function xmlText(value: string): string;
export declare function xmlAttr(value: string): string;
//# sourceMappingURL=xml-text.d.ts.map
/** The block's ranges as a fragment for a JavaScript `u` class, or null when unknown. */
export declare function unicodeBlockRange(name: string): string | null;
//# sourceMappingURL=unicode-blocks.d.ts.map
/** Seconds, or null when the text is not a duration. */
export declare function parseDuration(text: string | null | undefined): number | null;
/** `3:20.0` style, for messages. */
export declare function formatSeconds(seconds: number): string;
//# sourceMappingURL=duration.d.ts.map
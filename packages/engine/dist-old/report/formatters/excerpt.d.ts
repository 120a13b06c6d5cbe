/**
 * A source line with a caret under the column, for the text formatter. Long lines (a minified
 * message is one line) are cut to a window around the column so the caret stays on screen.
 */
export interface Excerpt {
    text: string;
    /** 0-based offset of the caret inside `text`. */
    caret: number;
}
export declare function excerptOf(line: string, column: number | null): Excerpt;
//# sourceMappingURL=excerpt.d.ts.map
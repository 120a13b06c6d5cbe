/**
 * A source line with a caret under the column, for the text formatter. Long lines (a minified
 * message is one line) are cut to a window around the column so the caret stays on screen.
 */
const WINDOW = 100;
export function excerptOf(line, column) {
    let col = Math.max(0, (column ?? 1) - 1);
    // Without a real column (libxml2 gives lines only) point at the line's first character, not its indent.
    if (col === 0)
        col = Math.max(0, line.search(/\S/));
    // Tabs would shift the caret by a terminal-dependent amount: print each as two spaces.
    const before = line.slice(0, col);
    const tabsBefore = (before.match(/\t/g) ?? []).length;
    let text = line.replace(/\t/g, '  ').replace(/\r$/, '');
    col += tabsBefore;
    let start = 0;
    if (col > WINDOW - 20)
        start = col - 40;
    let end = Math.min(text.length, start + WINDOW);
    let prefix = '';
    let suffix = '';
    if (start > 0)
        prefix = '…';
    if (end < text.length)
        suffix = '…';
    text = prefix + text.slice(start, end) + suffix;
    return { text, caret: col - start + prefix.length };
}
//# sourceMappingURL=excerpt.js.map
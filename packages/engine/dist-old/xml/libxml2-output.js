/**
 * Reads what xmllint prints on stderr into issues. Both spellings of libxml2 are understood:
 *   message.xml:8: element PartyName: Schemas validity error : Element 'PartyName': ...   (native xmllint)
 *   message.xml:8: Schemas validity error : Element 'PartyName': ...                      (xmllint-wasm)
 * Parser errors come with two context lines (the source line and a caret) that are dropped, and
 * warnings are left out: they never make a message invalid.
 */
const LOCATED = /^(.*?):(\d+): (.*)$/;
/** `element PartyName: ` (native only), then the domain and level: `Schemas validity error : `. */
const PREFIX = /^(?:element ([^:\s]+): )?([A-Za-z][A-Za-z ]*?) ?(error|warning) : ?(.*)$/;
const NAMED_ELEMENT = /^Element '([^']+)'/;
/** Issues about `fileName` in xmllint's stderr, in order, duplicates removed. */
export function parseXmllintOutput(output, fileName) {
    const issues = [];
    const seen = new Set();
    for (const raw of output.split(/\r?\n/)) {
        const located = LOCATED.exec(raw);
        if (!located || located[1] !== fileName)
            continue; // context lines, "fails to validate", other files
        const line = Number(located[2]);
        const prefix = PREFIX.exec(located[3]);
        if (prefix && prefix[3] === 'warning')
            continue;
        const issue = prefix ? classify(prefix, line) : { message: located[3].trim(), line, element: '', kind: 'other' };
        if (issue.message === '')
            continue;
        const key = `${issue.line}\u0000${issue.message}`;
        if (seen.has(key))
            continue; // libxml2 repeats some parser errors
        seen.add(key);
        issues.push(issue);
    }
    return issues;
}
function classify(prefix, line) {
    const domain = prefix[2].toLowerCase();
    const text = prefix[4].trim();
    const named = NAMED_ELEMENT.exec(text)?.[1] ?? prefix[1] ?? '';
    const element = localName(named);
    if (domain.includes('validity'))
        return { message: text, line: line > 0 ? line : null, element, kind: 'validity' };
    if (domain.includes('parser'))
        return { message: `XML parser error: ${text}`, line: line > 0 ? line : null, element, kind: 'parser' };
    return { message: `${prefix[2]} error: ${text}`, line: line > 0 ? line : null, element, kind: 'other' };
}
/** `{http://ddex.net/xml/ern/43}NewReleaseMessage` or `ern:X` -> the local name. */
function localName(name) {
    const unbraced = name.replace(/^\{[^}]*\}/, '');
    const colon = unbraced.lastIndexOf(':');
    return colon >= 0 ? unbraced.slice(colon + 1) : unbraced;
}
//# sourceMappingURL=libxml2-output.js.map
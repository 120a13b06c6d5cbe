/**
 * Finds the root element of an XML file from its first bytes only, so that a batch can tell ERN
 * messages from manifests without parsing whole files. Tolerant by design: it decodes ASCII-
 * compatible bytes as latin1 (root names and namespace URIs are ASCII), handles the UTF-8 and
 * UTF-16 byte order marks, and skips the XML declaration, comments, processing instructions and a
 * DOCTYPE (with its internal subset) without ever expanding anything.
 */
/** Decodes the head for sniffing; never throws (a cut multi-byte character is harmless here). */
function headText(bytes) {
    const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    if (b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf)
        return b.subarray(3).toString('latin1');
    const utf16le = (b[0] === 0xff && b[1] === 0xfe) || (b[0] === 0x3c && b[1] === 0x00);
    const utf16be = (b[0] === 0xfe && b[1] === 0xff) || (b[0] === 0x00 && b[1] === 0x3c);
    if (utf16le || utf16be) {
        const even = Buffer.from(b.subarray(0, b.length - (b.length % 2)));
        if (utf16be)
            even.swap16();
        const text = even.toString('utf16le');
        return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
    }
    // NUL bytes never occur in ASCII-compatible XML: this is a binary file (or UTF-32, unsupported).
    if (b.includes(0))
        return null;
    return b.toString('latin1');
}
const isSpace = (c) => c === ' ' || c === '\t' || c === '\n' || c === '\r';
/** Index just past the DOCTYPE starting at `from` (at `<!DOCTYPE`), or -1 when it does not end in `text`. */
function skipDoctype(text, from) {
    let quote = '';
    let inSubset = false;
    for (let i = from + '<!DOCTYPE'.length; i < text.length; i++) {
        const c = text[i];
        if (quote) {
            if (c === quote)
                quote = '';
        }
        else if (inSubset && text.startsWith('<!--', i)) {
            const end = text.indexOf('-->', i + 4);
            if (end < 0)
                return -1;
            i = end + 2;
        }
        else if (c === '"' || c === "'") {
            quote = c;
        }
        else if (c === '[') {
            inSubset = true;
        }
        else if (c === ']') {
            inSubset = false;
        }
        else if (c === '>' && !inSubset) {
            return i + 1;
        }
    }
    return -1;
}
/** Reads the root start tag beginning at `from` (at `<`): local name and namespace, or incomplete. */
function readStartTag(text, from) {
    const nameMatch = /^<([^\s/>!?<]+)/.exec(text.slice(from, from + 512));
    if (!nameMatch)
        return { status: 'not-xml', reason: 'no element where the root element should start' };
    const qname = nameMatch[1];
    const colon = qname.indexOf(':');
    const prefix = colon > 0 ? qname.slice(0, colon) : '';
    const name = colon > 0 ? qname.slice(colon + 1) : qname;
    const namespaces = new Map();
    const attr = /\s*([^\s=/>]+)\s*=\s*("([^"]*)"|'([^']*)')|\s*(\/?>)/y;
    attr.lastIndex = from + nameMatch[0].length;
    for (;;) {
        const start = attr.lastIndex;
        const m = attr.exec(text);
        if (!m) {
            // Ran out of bytes inside the tag (no '>' yet, or inside a quoted value), or met something
            // that is not an attribute: the latter is for the parser to report, so call it not XML.
            const rest = text.slice(start);
            const cut = !rest.includes('>') || /^\s*[^\s=/>]+\s*=\s*("[^"]*|'[^']*)$/.test(rest);
            return cut ? { status: 'incomplete' } : { status: 'not-xml', reason: `malformed start tag <${qname}>` };
        }
        if (m[5])
            break;
        const attrName = m[1];
        const value = m[3] ?? m[4] ?? '';
        if (attrName === 'xmlns')
            namespaces.set('', value);
        else if (attrName.startsWith('xmlns:'))
            namespaces.set(attrName.slice(6), value);
    }
    return { status: 'root', name, ns: namespaces.get(prefix) ?? '' };
}
/** Sniffs the root element from the first bytes of a file. */
export function sniffRoot(bytes) {
    if (bytes.length === 0)
        return { status: 'not-xml', reason: 'the file is empty' };
    const text = headText(bytes);
    if (text === null)
        return { status: 'not-xml', reason: 'binary content (NUL bytes)' };
    let i = 0;
    while (i < text.length) {
        const c = text[i];
        if (isSpace(c)) {
            i++;
            continue;
        }
        if (c !== '<')
            return { status: 'not-xml', reason: 'text before the first element' };
        if (i + 1 >= text.length)
            return { status: 'incomplete' };
        if (text.startsWith('<?', i)) {
            const end = text.indexOf('?>', i + 2);
            if (end < 0)
                return { status: 'incomplete' };
            i = end + 2;
        }
        else if (text.startsWith('<!--', i)) {
            const end = text.indexOf('-->', i + 4);
            if (end < 0)
                return { status: 'incomplete' };
            i = end + 3;
        }
        else if (text.startsWith('<!DOCTYPE', i)) {
            const end = skipDoctype(text, i);
            if (end < 0)
                return { status: 'incomplete' };
            i = end;
        }
        else if (text[i + 1] === '!') {
            // `<!DOC` cut by the window, or `<![CDATA[` / another declaration where no markup may be.
            if ('<!DOCTYPE'.startsWith(text.slice(i, i + 9)) || '<!--'.startsWith(text.slice(i, i + 4)))
                return { status: 'incomplete' };
            return { status: 'not-xml', reason: 'markup that cannot come before the root element' };
        }
        else {
            return readStartTag(text, i);
        }
    }
    return { status: 'incomplete' };
}
//# sourceMappingURL=root-sniff.js.map
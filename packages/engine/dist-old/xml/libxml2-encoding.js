/**
 * Makes the bytes of a message readable by the libxml2 inside xmllint-wasm, which is built without
 * iconv: it reads UTF-8, UTF-16 (with or without BOM, either byte order), ISO-8859-1 and ASCII
 * itself, and answers "Unsupported encoding" for anything else (windows-1252, ISO-8859-15,
 * Shift_JIS, even the label `latin1`). Those few are transcoded to UTF-8 with the declaration
 * rewritten; every other message is handed over byte for byte. Transcoding keeps every character
 * on its line, so libxml2's line numbers stay right.
 */
import { TextDecoder } from 'node:util';
/** Labels libxml2 reads without iconv (compared lower-case). */
const NATIVE = new Set(['utf-8', 'utf8', 'utf-16', 'utf16', 'utf-16le', 'utf-16be', 'iso-8859-1', 'iso-latin-1', 'iso latin 1', 'us-ascii', 'ascii']);
/** Labels that mean ISO-8859-1 itself (WHATWG's TextDecoder would read windows-1252 for them). */
const LATIN1 = new Set(['latin1', 'l1', 'iso8859-1', 'iso_8859-1', 'iso_8859-1:1987', 'iso-ir-100', 'cp819', 'ibm819', 'csisolatin1']);
const DECLARATION = /^<\?xml[^>]*?\bencoding\s*=\s*(["'])([^"']*)\1/;
export function bytesForLibxml2(bytes) {
    // A BOM or the UTF-16 form of '<': libxml2 detects these itself.
    if (bytes.length >= 2 && ((bytes[0] === 0xfe && bytes[1] === 0xff) || (bytes[0] === 0xff && bytes[1] === 0xfe)))
        return { bytes };
    if (bytes.length >= 2 && ((bytes[0] === 0 && bytes[1] === 0x3c) || (bytes[0] === 0x3c && bytes[1] === 0)))
        return { bytes };
    const start = bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
    const head = bytes.subarray(start, start + 512).toString('latin1');
    const declared = DECLARATION.exec(head);
    if (!declared)
        return { bytes };
    const label = declared[2].trim().toLowerCase();
    if (NATIVE.has(label))
        return { bytes };
    const text = decode(bytes.subarray(start), label);
    if (text === null)
        return { bytes }; // unknown to Node too: libxml2 will say so
    const valueAt = declared.index + declared[0].length - 1 - declared[2].length;
    const rewritten = text.slice(0, valueAt) + 'UTF-8' + text.slice(valueAt + declared[2].length);
    return { bytes: Buffer.from(rewritten, 'utf8'), transcodedFrom: declared[2] };
}
function decode(bytes, label) {
    if (LATIN1.has(label))
        return bytes.toString('latin1');
    let decoder;
    try {
        decoder = new TextDecoder(label);
    }
    catch {
        return null;
    }
    const text = decoder.decode(bytes);
    // Node 20 decodes windows-1252 as ISO-8859-1 (0x80 -> U+0080 instead of the euro sign).
    return decoder.encoding === 'windows-1252' ? text.replace(/[\u0080-\u009f]/g, (c) => WINDOWS_1252_C1[c.charCodeAt(0) - 0x80] || c) : text;
}
/** What windows-1252 puts at 0x80-0x9F ('' where it is undefined: the byte keeps its C1 code point). */
const WINDOWS_1252_C1 = [
    '\u20ac', '', '\u201a', '\u0192', '\u201e', '\u2026', '\u2020', '\u2021', '\u02c6', '\u2030', '\u0160', '\u2039', '\u0152', '', '\u017d', '',
    '', '\u2018', '\u2019', '\u201c', '\u201d', '\u2022', '\u2013', '\u2014', '\u02dc', '\u2122', '\u0161', '\u203a', '\u0153', '', '\u017e', '\u0178',
];
//# sourceMappingURL=libxml2-encoding.js.map
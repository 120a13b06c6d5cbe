/** Escaping for the XML the JUnit formatter writes: markup characters and characters XML 1.0 forbids. */
// XML 1.0 allows tab, LF, CR and U+0020 and up (minus surrogates and U+FFFE/U+FFFF).
const FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;
export function xmlText(value) {
    return value.replace(FORBIDDEN, '\uFFFD').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
export function xmlAttr(value) {
    return xmlText(value).replace(/"/g, '&quot;').replace(/\n/g, '&#10;').replace(/\r/g, '&#13;').replace(/\t/g, '&#9;');
}
//# sourceMappingURL=xml-text.js.map
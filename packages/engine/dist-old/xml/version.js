const BY_NAMESPACE = {
    'http://ddex.net/xml/ern/37': '3.7',
    'http://ddex.net/xml/ern/38': '3.8',
    'http://ddex.net/xml/ern/381': '3.8.1',
    'http://ddex.net/xml/ern/382': '3.8.2',
    'http://ddex.net/xml/ern/41': '4.1',
    'http://ddex.net/xml/ern/42': '4.2',
    'http://ddex.net/xml/ern/43': '4.3',
};
export const SUPPORTED_VERSIONS = ['3.7', '3.8', '3.8.1', '3.8.2', '4.1', '4.2', '4.3'];
export const CURRENT_VERSION = '4.3';
export const ERN_ROOTS = ['NewReleaseMessage', 'PurgeReleaseMessage', 'CatalogListMessage'];
export function versionOfNamespace(ns) {
    return BY_NAMESPACE[ns] ?? null;
}
export function familyOf(version) {
    return version.startsWith('4') ? '4' : '3';
}
/** `ern/382`, `/ern/381`, `3.8.2` -> `3.8.2`; null when unreadable. */
export function versionOfDeclaredId(declared) {
    const text = declared.trim().replace(/^\/+/, '');
    const ern = /^ern\/(\d)(\d)(\d?)$/i.exec(text);
    if (ern)
        return [ern[1], ern[2], ern[3]].filter(Boolean).join('.');
    const dotted = /^(\d+(?:\.\d+){1,2})$/.exec(text);
    return dotted ? dotted[1] : null;
}
/** A human name for an ERN-looking namespace we do not support (`http://ddex.net/xml/ern/341` -> `3.4.1`). */
export function versionNameOfNamespace(ns) {
    const m = /ddex\.net\/xml\/ern\/(\d)(\d)(\d?)\w*$/.exec(ns);
    return m ? [m[1], m[2], m[3]].filter(Boolean).join('.') : null;
}
//# sourceMappingURL=version.js.map
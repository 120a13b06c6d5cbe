export function located(el, value) {
    return { value, path: el.path, line: el.line, column: el.column };
}
export function locOf(el) {
    return { path: el.path, line: el.line, column: el.column };
}
/** An integer written as such (`2`, ` 16 `); null otherwise (`2.0` is accepted, `stereo` is not). */
export function toInt(text) {
    if (text === undefined || text === '')
        return null;
    const n = Number(text);
    return Number.isInteger(n) ? n : null;
}
export function toNumber(text) {
    if (text === undefined || text === '')
        return null;
    const n = Number(text);
    return Number.isFinite(n) ? n : null;
}
/** xs:boolean: `true`/`1`, `false`/`0`; anything else is null. */
export function toBool(text) {
    if (text === 'true' || text === '1')
        return true;
    if (text === 'false' || text === '0')
        return false;
    return null;
}
/** 1-based position of an element among same-named siblings, read from its indexed path (`.../ResourceGroup[2]`). */
export function siblingIndex(path) {
    if (path.charCodeAt(path.length - 1) !== 93 /* ] */)
        return 1;
    const open = path.lastIndexOf('[');
    return toInt(path.slice(open + 1, -1)) ?? 1;
}
export function pushUnique(list, value) {
    if (value !== '' && !list.includes(value))
        list.push(value);
}
//# sourceMappingURL=values.js.map
/** Wording of element names and "expected ..." lists in schema messages. */
/** `{ns}Name` -> `Name (namespace ns)`; unqualified names unchanged. */
export function keyLabel(key) {
    if (key[0] !== '{')
        return key;
    const end = key.indexOf('}');
    return `${key.slice(end + 1)} (namespace ${key.slice(1, end)})`;
}
/** "A", "A or B", "A, B or C"; long lists are cut after eight names. */
export function describeExpected(names) {
    const unique = [...new Set(names)];
    if (unique.length === 0)
        return 'nothing';
    if (unique.length === 1)
        return unique[0];
    if (unique.length > 8)
        return `${unique.slice(0, 8).join(', ')} or one of ${unique.length - 8} more`;
    return `${unique.slice(0, -1).join(', ')} or ${unique[unique.length - 1]}`;
}
//# sourceMappingURL=expected-names.js.map
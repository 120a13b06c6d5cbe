/**
 * Reads DDEX allowed value sets (AVS) out of the user's installed XSD set at run time: DDEX
 * licenses these lists, so none are copied into ddex-check. Every named `xs:simpleType` gives its
 * `xs:restriction/xs:enumeration/@value`s, and a `xs:union` keeps its member type names so that
 * `CurrentTerritoryCode` (ISO + TIS + DDEX codes up to 4.1) resolves to the union of its members.
 */
import { readFile } from 'node:fs/promises';
import { SaxesParser } from 'saxes';
/** Named simple types of one AVS file; later duplicates of a name are merged. */
export function readEnumerations(xml) {
    const types = new Map();
    const parser = new SaxesParser({ xmlns: true });
    // Stack of the simpleType being read (null for anonymous ones nested in elements).
    const stack = [];
    let depthInType = 0;
    parser.on('opentag', (tag) => {
        const local = tag.local ?? tag.name;
        if (local === 'simpleType') {
            const name = attr(tag.attributes, 'name');
            if (name && stack.length === 0) {
                const entry = types.get(name) ?? { values: [], members: [] };
                types.set(name, entry);
                stack.push(entry);
            }
            else
                stack.push(null);
            depthInType = 0;
            return;
        }
        const current = stack[stack.length - 1];
        if (!current)
            return;
        depthInType++;
        if (local === 'enumeration') {
            const value = attr(tag.attributes, 'value');
            if (value !== null)
                current.values.push(value);
        }
        else if (local === 'union') {
            const members = attr(tag.attributes, 'memberTypes');
            if (members)
                current.members.push(...members.split(/\s+/).filter(Boolean).map((m) => m.slice(m.indexOf(':') + 1)));
        }
    });
    parser.on('closetag', (tag) => {
        if ((tag.local ?? tag.name) === 'simpleType')
            stack.pop();
    });
    parser.write(xml).close();
    return types;
}
function attr(attributes, name) {
    const a = attributes[name];
    if (a === undefined)
        return null;
    return typeof a === 'string' ? a : a.value;
}
/** All values of a named type, following union members (cycles ignored). */
export function resolveValues(types, name, seen = new Set()) {
    const entry = types.get(name);
    if (!entry || seen.has(name))
        return entry ? [] : null;
    seen.add(name);
    const out = [...entry.values];
    for (const member of entry.members)
        out.push(...(resolveValues(types, member, seen) ?? []));
    return out;
}
export async function readEnumerationsFile(file) {
    return readEnumerations(await readFile(file, 'utf8'));
}
//# sourceMappingURL=read-enumerations.js.map
/**
 * Reads one XSD file into a small tree of schema components (annotations dropped), with every
 * QName-valued attribute (type, base, ref, itemType, memberTypes...) already resolved to
 * `{namespace}local` against the namespace bindings in scope where it was written.
 */
import { SaxesParser } from 'saxes';
export const XS_NS = 'http://www.w3.org/2001/XMLSchema';
const QNAME_ATTRS = new Set(['type', 'base', 'ref', 'itemType', 'substitutionGroup', 'refer']);
const QNAME_LIST_ATTRS = new Set(['memberTypes']);
/** `{ns}local`, or `local` when in no namespace. */
export const expandedName = (ns, local) => (ns ? `{${ns}}${local}` : local);
export function parseXsd(text, file) {
    const parser = new SaxesParser({ xmlns: true, position: true });
    const stack = [];
    let root = null;
    let skipDepth = 0;
    let failure = null;
    const resolveQName = (qname) => {
        const colon = qname.indexOf(':');
        const prefix = colon < 0 ? '' : qname.slice(0, colon);
        const local = colon < 0 ? qname : qname.slice(colon + 1);
        const ns = parser.resolve(prefix) ?? '';
        if (colon >= 0 && ns === '')
            throw new Error(`${file}:${parser.line}: unbound prefix in ${qname}`);
        return expandedName(ns, local);
    };
    parser.on('opentag', (tag) => {
        if (skipDepth > 0 || tag.uri !== XS_NS || tag.local === 'annotation') {
            skipDepth++;
            return;
        }
        const attrs = {};
        for (const a of Object.values(tag.attributes)) {
            if (a.uri)
                continue; // foreign attributes on schema components carry no meaning here
            const value = a.value.trim();
            if (QNAME_ATTRS.has(a.local))
                attrs[a.local] = resolveQName(value);
            else if (QNAME_LIST_ATTRS.has(a.local))
                attrs[a.local] = value.split(/\s+/).filter(Boolean).map(resolveQName).join(' ');
            else
                attrs[a.local] = a.value;
        }
        const node = { kind: tag.local, attrs, children: [], line: parser.line, file };
        if (stack.length > 0)
            stack[stack.length - 1].children.push(node);
        else
            root = node;
        stack.push(node);
    });
    parser.on('closetag', () => {
        if (skipDepth > 0)
            skipDepth--;
        else
            stack.pop();
    });
    parser.on('error', (err) => {
        failure ??= err;
    });
    parser.write(text).close();
    if (failure)
        throw new Error(`${file}: not a readable XSD: ${failure.message}`);
    if (!root || root.kind !== 'schema')
        throw new Error(`${file}: root element is not xs:schema`);
    return root;
}
//# sourceMappingURL=xsd-tree.js.map
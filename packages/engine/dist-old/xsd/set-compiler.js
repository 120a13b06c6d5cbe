/**
 * Compiles a whole XSD set (from its main file) into a CompiledSet: every type reachable from the
 * global element declarations gets an id, complex types get their content automaton.
 */
import { ANY_TYPE_ID, COMPILED_FORMAT } from './compiled-set.js';
import { builtinSimpleType } from './builtin-types.js';
import { compileComplexType } from './complex-type-compiler.js';
import { buildAutomaton } from './content-automaton.js';
import { SchemaIndex } from './schema-index.js';
import { compileError, compileSimpleType } from './simple-type-compiler.js';
import { XS_NS } from './xsd-tree.js';
const ANY_TYPE = {
    kind: 'complex',
    name: 'xs:anyType',
    content: 'mixed',
    attributes: {},
    anyAttribute: { mode: 'any', namespaces: [], target: '', process: 'lax' },
    automaton: [{ final: true, next: {}, any: [[{ mode: 'any', namespaces: [], target: '', process: 'lax' }, 0]] }],
};
const shortName = (expanded) => expanded.replace(/^\{[^}]*\}/, '');
class SetCompiler {
    index;
    types = [ANY_TYPE];
    ids = new Map([[`{${XS_NS}}anyType`, ANY_TYPE_ID]]);
    particles = new Map([[ANY_TYPE_ID, null]]);
    globalElements = new Map();
    constructor(index) {
        this.index = index;
    }
    add(def) {
        this.types.push(def);
        return this.types.length - 1;
    }
    stringTypeId() {
        return this.typeId(`{${XS_NS}}string`, null);
    }
    typeId(expanded, where) {
        const known = this.ids.get(expanded);
        if (known !== undefined)
            return known;
        if (expanded.startsWith(`{${XS_NS}}`)) {
            const def = builtinSimpleType(shortName(expanded), (local) => this.typeId(`{${XS_NS}}${local}`, where));
            if (!def)
                throw new Error(`${where ? `${where.file}:${where.line}: ` : ''}unknown built-in type ${expanded}`);
            const id = this.add(def);
            this.ids.set(expanded, id);
            return id;
        }
        const found = this.index.types.get(expanded);
        if (!found)
            throw new Error(`${where ? `${where.file}:${where.line}: ` : ''}type ${expanded} not found`);
        const id = this.add({ kind: 'simple', name: shortName(expanded), variety: 'atomic', builtin: 'string', whiteSpace: 'preserve' });
        this.ids.set(expanded, id); // reserved before compiling: complex types may refer to themselves
        this.types[id] = this.compileNode(found.node, found.ctx, shortName(expanded), id);
        return id;
    }
    compileNode(node, ctx, name, id) {
        if (node.kind === 'simpleType')
            return compileSimpleType(this, node, ctx, name);
        const { def, particle } = compileComplexType(this, node, ctx, name);
        this.particles.set(id, particle);
        if (def.content === 'elements' || def.content === 'mixed')
            def.automaton = buildAutomaton(particle);
        return def;
    }
    particleOf(typeId) {
        return this.particles.get(typeId) ?? null;
    }
    elementType(node, ctx) {
        if (node.attrs.type)
            return this.typeId(node.attrs.type, node);
        const inline = node.children.find((c) => c.kind === 'complexType' || c.kind === 'simpleType');
        if (inline) {
            const id = this.add(ANY_TYPE); // placeholder, replaced below
            this.types[id] = this.compileNode(inline, ctx, node.attrs.name ?? 'anonymous', id);
            return id;
        }
        if (node.attrs.substitutionGroup)
            return this.globalElementType(node.attrs.substitutionGroup, node);
        return ANY_TYPE_ID;
    }
    globalElementType(key, where) {
        const known = this.globalElements.get(key);
        if (known !== undefined)
            return known;
        const found = this.index.elements.get(key);
        if (!found)
            throw compileError(where, `element ${key} not found`);
        const id = this.elementType(found.node, found.ctx);
        this.globalElements.set(key, id);
        return id;
    }
    compileRoots() {
        const roots = {};
        for (const [key, { node }] of this.index.elements) {
            if (node.attrs.abstract === 'true')
                continue;
            roots[key] = this.globalElementType(key, node);
        }
        return roots;
    }
}
/** Compiles the XSD set whose main file is given. Throws with file:line on a schema it cannot use. */
export function compileXsdSet(mainFile, key) {
    const index = SchemaIndex.load(mainFile);
    const compiler = new SetCompiler(index);
    const roots = compiler.compileRoots();
    return { format: COMPILED_FORMAT, key, targetNamespace: index.targetNamespace, roots, types: compiler.types };
}
//# sourceMappingURL=set-compiler.js.map
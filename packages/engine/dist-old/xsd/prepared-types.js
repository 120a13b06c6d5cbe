export var Content;
(function (Content) {
    /** Simple type or simple content: the text is checked at close. */
    Content[Content["Text"] = 0] = "Text";
    Content[Content["Elements"] = 1] = "Elements";
    Content[Content["Mixed"] = 2] = "Mixed";
    Content[Content["Empty"] = 3] = "Empty";
})(Content || (Content = {}));
const bySet = new WeakMap();
export class PreparedTypes {
    set;
    checker;
    table;
    constructor(set, checker) {
        this.set = set;
        this.checker = checker;
        let table = bySet.get(set);
        if (!table) {
            table = [];
            bySet.set(set, table);
        }
        this.table = table;
    }
    get(typeId) {
        return this.table[typeId] ?? this.prepare(typeId);
    }
    prepare(typeId) {
        const def = this.set.types[typeId];
        let prepared;
        if (def.kind === 'simple') {
            prepared = base(def, Content.Text);
            prepared.check = this.checker.check(typeId);
            prepared.builtin = this.checker.builtinOf(typeId);
        }
        else {
            const content = def.content === 'simple' ? Content.Text : def.content === 'elements' ? Content.Elements : def.content === 'mixed' ? Content.Mixed : Content.Empty;
            prepared = base(def, content);
            prepared.attributes = def.attributes;
            prepared.anyAttribute = def.anyAttribute ?? null;
            prepared.required = Object.entries(def.attributes).filter(([, u]) => u.required).map(([k]) => k);
            if (def.automaton) {
                prepared.states = def.automaton;
                prepared.next = def.automaton.map((state) => new Map(Object.entries(state.next)));
            }
            if (content === Content.Text && def.simpleType !== undefined) {
                prepared.check = this.checker.check(def.simpleType);
                prepared.builtin = this.checker.builtinOf(def.simpleType);
            }
        }
        this.table[typeId] = prepared;
        return prepared;
    }
}
function base(def, content) {
    return { def, content, states: null, next: null, attributes: null, anyAttribute: null, required: [], check: null, builtin: '', declarations: null };
}
/** Any declaration of `key` in the type's content model (after an error the state is unknown). */
export function anyDeclaration(type, key) {
    if (!type.declarations) {
        type.declarations = new Map();
        for (const state of type.states ?? [])
            for (const [k, [, t]] of Object.entries(state.next))
                type.declarations.set(k, t);
    }
    return type.declarations.get(key) ?? null;
}
//# sourceMappingURL=prepared-types.js.map
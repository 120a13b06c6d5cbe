/** Rules indexed by the local name of the element they match (the last path segment). */
export class Table {
    byName = new Map();
    constructor(...parts) {
        for (const rules of parts) {
            for (const key of Object.keys(rules)) {
                const rel = '/' + key;
                const name = rel.slice(rel.lastIndexOf('/') + 1);
                const list = this.byName.get(name);
                const entry = { rel, rule: rules[key] };
                if (list)
                    list.push(entry);
                else
                    this.byName.set(name, [entry]);
            }
        }
    }
}
/** Prefixes every key of a rule set (`ReleaseId/` + `ICPN`), to reuse a building block at another place. */
export function under(prefix, rules) {
    const out = {};
    for (const key of Object.keys(rules))
        out[prefix + '/' + key] = rules[key];
    return out;
}
/** Adapts a rule set on a part of a target (`release.ids`) to the target itself. */
export function focus(rules, part) {
    const out = {};
    for (const key of Object.keys(rules)) {
        const { open, close } = rules[key];
        out[key] = {
            open: open ? (el, t, d) => open(el, part(t), d) : undefined,
            close: close ? (el, t, d) => close(el, part(t), d) : undefined,
        };
    }
    return out;
}
export class Dispatcher {
    stack = [];
    /** The outermost scope is the root element (depth 1). */
    constructor(rootBareLength, table, target) {
        this.stack.push({ base: rootBareLength, depth: 1, table, target, end: null });
    }
    /** Opens a nested scope on `el` (call from an `open` rule). `end` runs when `el` closes. */
    push(el, table, target, end) {
        this.stack.push({ base: el.bare.length, depth: el.depth, table, target, end: end ?? null });
    }
    onOpen(el) {
        const scope = this.stack[this.stack.length - 1];
        if (!scope || el.depth <= scope.depth)
            return;
        const entries = scope.table.byName.get(el.name);
        if (!entries)
            return;
        for (const { rel, rule } of entries) {
            if (rule.open && el.bare.length === scope.base + rel.length && el.bare.endsWith(rel)) {
                rule.open(el, scope.target, this);
                return;
            }
        }
    }
    onClose(el) {
        let scope = this.stack[this.stack.length - 1];
        if (!scope)
            return;
        if (el.depth === scope.depth) {
            // The scope's own element: close the scope, then let the enclosing scope see the element too.
            this.stack.pop();
            if (scope.end)
                scope.end(scope.target, el);
            scope = this.stack[this.stack.length - 1];
            if (!scope)
                return;
        }
        if (el.depth <= scope.depth)
            return;
        const entries = scope.table.byName.get(el.name);
        if (!entries)
            return;
        for (const { rel, rule } of entries) {
            if (rule.close && el.bare.length === scope.base + rel.length && el.bare.endsWith(rel)) {
                rule.close(el, scope.target, this);
                return;
            }
        }
    }
}
//# sourceMappingURL=dispatch.js.map
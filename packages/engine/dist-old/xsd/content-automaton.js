/** Above this, a bounded maxOccurs is treated as unbounded and minOccurs is capped (none in DDEX). */
export const MAX_UNROLL = 64;
/** xs:all is expanded to its permutations; beyond this many members the order is not checked. */
const MAX_ALL_MEMBERS = 10;
class Nfa {
    eps = [];
    edges = [];
    state() {
        this.eps.push([]);
        this.edges.push([]);
        return this.eps.length - 1;
    }
    /** Builds `p` from `from`, returns the state reached at its end. */
    build(p, from) {
        const min = Math.min(p.min, MAX_UNROLL);
        const max = p.max > MAX_UNROLL ? Infinity : p.max;
        let cur = from;
        for (let i = 0; i < min; i++)
            cur = this.term(p.term, cur);
        if (max === Infinity) {
            const loop = this.state();
            this.eps[cur].push(loop);
            const end = this.term(p.term, loop);
            this.eps[end].push(loop);
            return loop;
        }
        const exit = this.state();
        for (let i = min; i < max; i++) {
            this.eps[cur].push(exit);
            cur = this.term(p.term, cur);
        }
        this.eps[cur].push(exit);
        return exit;
    }
    term(t, from) {
        switch (t.kind) {
            case 'element':
            case 'any': {
                const to = this.state();
                const label = t.kind === 'element' ? { kind: 'name', key: t.key, type: t.type } : { kind: 'any', wildcard: t.wildcard };
                this.edges[from].push([label, to]);
                return to;
            }
            case 'sequence': {
                let cur = from;
                for (const item of t.items)
                    cur = this.build(item, cur);
                return cur;
            }
            case 'choice': {
                if (t.items.length === 0) {
                    return this.state(); // an empty choice matches nothing: a state not linked from `from`
                }
                const end = this.state();
                for (const item of t.items)
                    this.eps[this.build(item, from)].push(end);
                return end;
            }
            case 'all':
                return this.all(t.items, from);
        }
    }
    /** xs:all: every subset of members seen so far is one state. */
    all(items, from) {
        if (items.length > MAX_ALL_MEMBERS) {
            return this.build({ min: 0, max: Infinity, term: { kind: 'choice', items: items.map((i) => ({ ...i, min: 1, max: 1 })) } }, from);
        }
        const byMask = new Map([[0, from]]);
        const end = this.state();
        const required = items.reduce((m, it, i) => (it.min > 0 ? m | (1 << i) : m), 0);
        const queue = [0];
        while (queue.length > 0) {
            const mask = queue.shift();
            const node = byMask.get(mask);
            if ((mask & required) === required)
                this.eps[node].push(end);
            items.forEach((item, i) => {
                if (mask & (1 << i))
                    return;
                const next = mask | (1 << i);
                if (!byMask.has(next)) {
                    byMask.set(next, this.state());
                    queue.push(next);
                }
                const after = this.build({ ...item, min: 1, max: 1 }, node);
                this.eps[after].push(byMask.get(next));
            });
        }
        return end;
    }
    closure(states) {
        const seen = new Set(states);
        const stack = [...states];
        while (stack.length > 0) {
            for (const n of this.eps[stack.pop()]) {
                if (!seen.has(n)) {
                    seen.add(n);
                    stack.push(n);
                }
            }
        }
        return [...seen].sort((a, b) => a - b);
    }
}
/** The deterministic automaton of a content model; `null` particle means empty content. */
export function buildAutomaton(particle) {
    const nfa = new Nfa();
    const start = nfa.state();
    const accept = particle ? nfa.build(particle, start) : start;
    const dfa = [];
    const ids = new Map();
    const pending = [];
    const idOf = (set) => {
        const key = set.join(',');
        let id = ids.get(key);
        if (id === undefined) {
            id = dfa.length;
            ids.set(key, id);
            dfa.push({ final: set.includes(accept), next: {} });
            pending.push(set);
        }
        return id;
    };
    idOf(nfa.closure([start]));
    for (let i = 0; i < pending.length; i++) {
        const set = pending[i];
        const byName = new Map();
        const byWildcard = new Map();
        for (const s of set) {
            for (const [label, to] of nfa.edges[s]) {
                if (label.kind === 'name') {
                    const entry = byName.get(label.key);
                    // Same name, different type would break "Element Declarations Consistent"; the first wins.
                    if (entry)
                        entry.to.push(to);
                    else
                        byName.set(label.key, { type: label.type, to: [to] });
                }
                else {
                    const list = byWildcard.get(label.wildcard) ?? [];
                    list.push(to);
                    byWildcard.set(label.wildcard, list);
                }
            }
        }
        const state = dfa[i];
        for (const [key, { type, to }] of byName)
            state.next[key] = [idOf(nfa.closure(to)), type];
        if (byWildcard.size > 0)
            state.any = [...byWildcard].map(([w, to]) => [w, idOf(nfa.closure(to))]);
    }
    return dfa;
}
//# sourceMappingURL=content-automaton.js.map
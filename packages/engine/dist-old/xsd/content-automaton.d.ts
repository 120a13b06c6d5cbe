/**
 * Turns a content model (particles with min/maxOccurs, sequences, choices, xs:all, wildcards) into
 * a deterministic automaton over child element names: a Thompson NFA, then subset construction.
 * XSD's Unique Particle Attribution rule keeps these small; bounded repeats are unrolled.
 */
import type { AutomatonState, Wildcard } from './compiled-set.js';
export type Term = {
    kind: 'element';
    key: string;
    type: number;
} | {
    kind: 'sequence' | 'choice' | 'all';
    items: Particle[];
} | {
    kind: 'any';
    wildcard: Wildcard;
};
export interface Particle {
    min: number;
    max: number;
    term: Term;
}
/** Above this, a bounded maxOccurs is treated as unbounded and minOccurs is capped (none in DDEX). */
export declare const MAX_UNROLL = 64;
/** The deterministic automaton of a content model; `null` particle means empty content. */
export declare function buildAutomaton(particle: Particle | null): AutomatonState[];
//# sourceMappingURL=content-automaton.d.ts.map
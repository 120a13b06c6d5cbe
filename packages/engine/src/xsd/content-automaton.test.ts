/** Content models compiled to automata: sequences, choices, xs:all, occurrence bounds. */
import { describe, expect, it } from 'vitest';
import { buildAutomaton, type Particle } from './content-automaton.js';

const el = (key: string, min = 1, max = 1): Particle => ({ min, max, term: { kind: 'element', key, type: 0 } });
const group = (kind: 'sequence' | 'choice' | 'all', items: Particle[], min = 1, max = 1): Particle => ({ min, max, term: { kind, items } });

function accepts(p: Particle | null, names: string[]): boolean {
  const dfa = buildAutomaton(p);
  let state = 0;
  for (const name of names) {
    const step = dfa[state]!.next[name];
    if (!step) return false;
    state = step[0];
  }
  return dfa[state]!.final;
}

describe('buildAutomaton', () => {
  const release = group('sequence', [el('ReleaseReference'), el('ReleaseType', 0), group('choice', [el('ReleaseId'), el('ICPN', 1, Infinity)]), el('Title', 0, 3)]);
  it.each([
    [['ReleaseReference', 'ReleaseId'], true],
    [['ReleaseReference', 'ReleaseType', 'ICPN', 'ICPN', 'Title', 'Title'], true],
    [['ReleaseReference', 'ICPN', 'Title', 'Title', 'Title', 'Title'], false], // maxOccurs 3
    [['ReleaseType', 'ReleaseReference', 'ReleaseId'], false], // order
    [['ReleaseReference'], false], // the choice is required
    [['ReleaseReference', 'ReleaseId', 'ICPN'], false], // one branch only
  ])('sequence/choice %j -> %s', (names, expected) => {
    expect(accepts(release, names)).toBe(expected);
  });

  it('xs:all accepts any order, each once, required members present', () => {
    const all = group('all', [el('A'), el('B'), el('C', 0)]);
    expect(accepts(all, ['B', 'A'])).toBe(true);
    expect(accepts(all, ['C', 'B', 'A'])).toBe(true);
    expect(accepts(all, ['A', 'A', 'B'])).toBe(false);
    expect(accepts(all, ['A', 'C'])).toBe(false);
  });

  it('empty content accepts nothing but the empty sequence; an optional group may be skipped', () => {
    expect(accepts(null, [])).toBe(true);
    expect(accepts(null, ['A'])).toBe(false);
    expect(accepts(group('sequence', [el('A'), el('B')], 0), [])).toBe(true);
    expect(accepts(group('sequence', [el('A'), el('B')], 2, 2), ['A', 'B', 'A', 'B'])).toBe(true);
    expect(accepts(group('sequence', [el('A'), el('B')], 2, 2), ['A', 'B'])).toBe(false);
  });
});

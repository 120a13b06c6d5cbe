import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { baseCheck, findingCheck, type FindingFields } from './checks.js';
import { defineRule } from './define.js';

const rule = defineRule({
  id: 'test-finding-check',
  stage: 'codes',
  meta: {
    label: 'Finding check',
    description: 'A rule of this test.',
    sources: [{ kind: 'service', ref: 'a rule of this test, not shipped' }],
    versions: 'all',
    severity: 'error',
    messages: { bad: 'bad' },
    hint: 'fix it',
  },
  create: () => ({}),
});

const text = fc.string({ maxLength: 12 });
const orNull = <T>(a: fc.Arbitrary<T>) => fc.option(a, { nil: null });
const fields: fc.Arbitrary<FindingFields> = fc.record({
  status: fc.constantFrom('error', 'warning', 'pass', 'skipped') as fc.Arbitrary<FindingFields['status']>,
  message: text,
  hint: text,
  field: text,
  line: orNull(fc.nat()),
  column: orNull(fc.nat()),
  file: text,
  release: orNull(text),
  resource: orNull(text),
  message_id: fc.option(text, { nil: undefined }),
});

describe('findingCheck', () => {
  // The report's JSON must stay the same bytes: the same keys, in the same order, as baseCheck gives.
  it('makes the check baseCheck makes, key for key and in order, with or without a store', () => {
    fc.assert(
      fc.property(fields, fc.boolean(), (f, inStore) => {
        const entry = { rule, store: inStore ? { id: 'spotify', requirement: 'spotify-ern-version' } : undefined };
        const expected = baseCheck(entry, f);
        const made = findingCheck(entry, f);
        expect(Object.keys(made)).toEqual(Object.keys(expected));
        expect(JSON.stringify(made)).toBe(JSON.stringify(expected));
      }),
      { numRuns: 300 },
    );
  });
});

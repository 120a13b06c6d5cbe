/**
 * The vitest config of the mutation check (scripts/mutation.sh, StrykerJS): the root config with
 * only the tests of the rules being mutated (MUTATION_TESTS, comma-separated globs). The rules'
 * tests reach a rule through the registry, not by importing its file, so Stryker's `related`
 * lookup finds none of them; the script names them instead.
 */
import { defineConfig } from 'vitest/config';
import base from './vitest.config.js';

const tests = (process.env.MUTATION_TESTS ?? '').split(',').filter(Boolean);
if (!tests.length) throw new Error('vitest.mutation.config.ts: set MUTATION_TESTS to the test files of the rules to mutate');

// Replaced, not merged: vitest's mergeConfig appends arrays, and the root's include takes every test.
export default defineConfig({ ...base, test: { ...base.test, include: tests } });

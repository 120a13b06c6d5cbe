// StrykerJS for the mutation check of the engine's rules (issue 47): scripts/mutation.sh sets the
// rule files to mutate (`--mutate`) and reads the JSON report; this file holds what does not
// change between runs. Stryker 9 (Node >= 20): Stryker 10 asks for Node 22+.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  plugins: ['@stryker-mutator/vitest-runner'],
  vitest: { configFile: 'vitest.mutation.config.ts', related: false },
  // Only the tests that cover a mutant run against it (each rule's tests cover its file).
  coverageAnalysis: 'perTest',
  reporters: ['json', 'clear-text'],
  jsonReporter: { fileName: '.tmp/mutation/mutation.json' },
  tempDirName: '.tmp/stryker',
  cleanTempDir: 'always',
  // The sandbox holds what the rules' tests read: sources, fixtures, schemas; not builds or data.
  ignorePatterns: ['dist', 'apps', 'bench', 'docs', '.tmp', 'coverage', '*.tsbuildinfo'],
  concurrency: 2,
  timeoutMS: 20000,
  // A mutant that only changes types, logs or the rule's metadata labels is not worth a test run.
  mutator: { excludedMutations: ['Regex'] },
  thresholds: { high: 90, low: 70, break: null },
};

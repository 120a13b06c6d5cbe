/**
 * Import rules of the engine, the CLI and the server, checked by dependency-cruiser (a test runs
 * it: `test/import-graph.test.ts`; by hand: `npx depcruise packages apps`). Besides no cycles, the
 * engine's flow goes one way (docs/architecture.md, "The engine's flow"): the entry (validate.ts)
 * calls run/, which reads messages and assembles the report; rules/ make checks; report/ and
 * stores/ build and judge them; nothing below calls back up. The engine's test harnesses
 * (`testing/` folders) run the whole engine and are exempt.
 */
const ENGINE = '(^|/)packages/engine/src/';
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import cycle: modules that need each other cannot be read, tested or split one at a time.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'engine-entry-on-top',
      severity: 'error',
      comment: "Only the package's index imports the engine's entry (validate.ts): a module below it that calls it back makes the flow go round.",
      from: { path: `${ENGINE}`, pathNot: [`${ENGINE}index\\.ts$`, '/testing/'] },
      to: { path: `${ENGINE}validate\\.ts$` },
    },
    {
      name: 'engine-run-below-entry-only',
      severity: 'error',
      comment: 'run/ (the message read, the report assembly) is called by the entry alone: rules, report, stores and the readers hand nothing back up to it.',
      from: { path: `${ENGINE}`, pathNot: [`${ENGINE}(validate\\.ts|run/)`, '/testing/'] },
      to: { path: `${ENGINE}run/` },
    },
    {
      name: 'engine-report-below-stores',
      severity: 'error',
      comment: "report/ builds a report from checks: it does not call up into the stores' verdicts, the rules or the run (run/assemble-report.ts joins them).",
      from: { path: `${ENGINE}report/`, pathNot: '/testing/' },
      to: { path: `${ENGINE}(stores|rules|run|baseline)/` },
    },
    {
      name: 'engine-rules-below-the-run',
      severity: 'error',
      comment: "rules/ make checks (rules/checks.ts): they do not import the stores' verdicts, the baseline, the run that assembles the report, or the engine's top-level modules that drive it (the batch runner used to call up into engine-checks.ts, which called back down into the dispatcher); the options' types, memo-by-text and hash-text are shared leaves.",
      from: { path: `${ENGINE}rules/`, pathNot: '/testing/' },
      to: { path: [`${ENGINE}(stores|run|baseline)/`, `${ENGINE}[^/]+\\.ts$`], pathNot: `${ENGINE}(options|memo-by-text|hash-text)\\.ts$` },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['\\.test\\.ts$', '/__tests__/', '/dist/', '\\.d\\.ts$', '/test/'] },
    // Type-only imports count: a cycle of types is still two modules that cannot be read apart.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
  },
};

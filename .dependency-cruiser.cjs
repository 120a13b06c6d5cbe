/**
 * Import rules of the engine, the CLI and the server, checked by dependency-cruiser (a test runs
 * it: `apps/server/test/import-graph.test.ts`; by hand: `npx depcruise packages apps`).
 */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import cycle: modules that need each other cannot be read, tested or split one at a time.',
      from: {},
      to: { circular: true },
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

#!/usr/bin/env node
// The only place that ends the process: run() returns the exit code (0 pass, 1 findings, 2 usage/internal).
let run;
try {
  ({ run } = await import('../dist/run.js'));
} catch (error) {
  // A broken or missing build is an internal error (2), never a "findings" exit (1).
  process.stderr.write(`ddex-check: internal error: cannot load the CLI (${error?.message ?? error}); was it built ("npm run build")?\n`);
  process.exit(2);
}
process.exit(await run(process.argv.slice(2)));

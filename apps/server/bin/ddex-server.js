#!/usr/bin/env node
// ddex-server: serve the partner API (`start`) or manage accounts and keys (`admin`).
import { run } from '../dist/cli.js';

// `start` returns once it shut down (0), or was cut short by its bound or a second signal (1): the
// process ends then, even with work still running that was handed back to the queue.
run(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    process.stderr.write(`ddex-server: ${error?.stack ?? error}\n`);
    process.exit(1);
  },
);

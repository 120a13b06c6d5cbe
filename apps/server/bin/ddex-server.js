#!/usr/bin/env node
// ddex-server: serve the partner API (`start`) or manage accounts and keys (`admin`).
import { run } from '../dist/cli.js';

run(process.argv.slice(2)).then(
  (code) => {
    if (code !== 0 || process.argv[2] !== 'start') process.exit(code);
  },
  (error) => {
    process.stderr.write(`ddex-server: ${error?.stack ?? error}\n`);
    process.exit(1);
  },
);

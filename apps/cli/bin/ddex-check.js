#!/usr/bin/env node
// The only place that ends the process: run() returns the exit code (0 pass, 1 findings, 2 usage/internal).
import { run } from '../dist/run.js';

const code = await run(process.argv.slice(2));
process.exit(code);

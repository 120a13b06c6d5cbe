#!/usr/bin/env node
// `npm run bench [-- name…]`: runs every bench/*-bench.mjs (or the named ones) one after another.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = path.dirname(fileURLToPath(import.meta.url));
const wanted = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const benches = readdirSync(dir).filter((f) => f.endsWith('-bench.mjs')).filter((f) => wanted.length === 0 || wanted.some((w) => f.startsWith(w)));
let failed = 0;
for (const bench of benches) {
  console.log(`\n== ${bench}`);
  const r = spawnSync(process.execPath, [path.join(dir, bench), ...process.argv.slice(2).filter((a) => a.startsWith('-'))], { stdio: 'inherit' });
  if (r.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);

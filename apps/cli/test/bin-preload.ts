import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';

const bin = path.resolve(__dirname, '../bin/ddex-check.js');

/**
 * Runs the bin (`args`, `env` added to this process's) under a module preloaded with `--import`: in
 * it `lines` (ES module code, to record what the bin does), after one telling the bin the machine
 * has two cores, so that its one- and two-core settings apply whatever runs the tests. The module is
 * written to `dir`.
 */
export function binUnderPreload(dir: string, lines: string[]): (args: string[], env: Record<string, string>) => SpawnSyncReturns<string> {
  const preload = path.join(dir, 'preload.mjs');
  writeFileSync(preload, ["import os from 'node:os';", 'os.availableParallelism = () => 2;', ...lines].join('\n'));
  return (args, env) => spawnSync(process.execPath, ['--import', preload, bin, ...args], { encoding: 'utf8', env: { ...process.env, ...env }, timeout: 120_000 });
}

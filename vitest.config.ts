import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import os from 'node:os';

const root = path.dirname(fileURLToPath(import.meta.url));
// Tests read DDEX schemas and samples from ../shared/ddex (licensed by DDEX, never copied here).
process.env.DDEX_SCHEMAS_DIR ??= path.resolve(root, '../shared/ddex/xsd');
process.env.DDEX_SHARED_DIR ??= path.resolve(root, '../shared/ddex');

export default defineConfig({
  resolve: {
    alias: [
      { find: /^@ddex-check\/engine$/, replacement: path.join(root, 'packages/engine/src/index.ts') },
      { find: /^@ddex-check\/engine\/make-folder$/, replacement: path.join(root, 'packages/engine/src/make-folder.ts') },
    ],
  },
  test: {
    include: ['test/**/*.test.ts', 'packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.ts', 'apps/*/test/**/*.test.ts', 'bench/**/*.test.ts'],
    // A guard against hangs, not a speed check (benchmarks in bench/ measure speed). The server's end-
    // to-end tests start processes and servers in turn and took up to 54 s here with a busy core;
    // CI's machine is slower.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // One more test file at a time than the machine has cores (vitest's default is one fewer): most
    // server, SFTP and CLI files spend their time waiting on sockets and child processes. On two
    // cores the whole suite went from 13.7 to 9.0 minutes, every test passing.
    maxWorkers: os.availableParallelism() + 1,
    globalSetup: ['./vitest.global-setup.ts'],
    reporters: ['default'],
  },
});

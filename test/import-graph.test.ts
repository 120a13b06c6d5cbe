/**
 * No import cycles in the engine, the CLI or the server (type-only imports count: two modules
 * whose types need each other cannot be read or split apart either). dependency-cruiser checks it
 * with the rules of `.dependency-cruiser.cjs`; a made-up cycle shows the check can fail. The same
 * rules keep the engine's flow one way (docs/architecture.md): made-up engine modules that call
 * back up (report/ into stores/, rules/ into the run or the entry) show each rule can fail.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const depcruise = path.join(root, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');

interface Violation {
  rule: { name: string };
  from: string;
  to: string;
  cycle?: { name: string }[];
}

function cruise(paths: string[], cwd = root): { violations: Violation[]; modules: number } {
  let out: string;
  try {
    out = execFileSync(process.execPath, [depcruise, '--config', path.join(root, '.dependency-cruiser.cjs'), '--output-type', 'json', ...paths], { cwd, encoding: 'utf8', maxBuffer: 256 << 20 });
  } catch (error) {
    // Exit code 1 with violations: the JSON is on stdout all the same.
    out = (error as { stdout: string }).stdout;
  }
  const result = JSON.parse(out) as { summary: { violations: Violation[]; totalCruised: number } };
  return { violations: result.summary.violations, modules: result.summary.totalCruised };
}

describe('the import graph', () => {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'import-graph-'));
  afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

  it('has no cycle in packages/ or apps/', () => {
    const { violations, modules } = cruise(['packages/engine/src', 'apps/cli/src', 'apps/server/src']);
    // The engine, the CLI and the server together are several hundred modules: all were read.
    expect(modules).toBeGreaterThan(400);
    const cycles = violations.filter((v) => v.rule.name === 'no-circular').map((v) => [v.from, ...(v.cycle ?? []).map((c) => c.name)].join(' -> '));
    expect(cycles).toEqual([]);
    expect(violations).toEqual([]);
  });

  it('finds a cycle, even one of types only', () => {
    const dir = path.join(scratch, 'src');
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'a.ts'), "import { b } from './b.js';\nexport interface A { n: number }\nexport const a = () => b();\n");
    fs.writeFileSync(path.join(dir, 'b.ts'), "import type { A } from './a.js';\nexport const b = (x?: A) => x?.n ?? 0;\n");
    const { violations } = cruise([dir]);
    expect(violations.map((v) => v.rule.name)).toEqual(['no-circular']);
    expect(violations[0].cycle?.map((c) => path.basename(c.name)).sort()).toEqual(['a.ts', 'b.ts']);
  });

  it("fails an engine module that calls back up the flow, one rule each", () => {
    const src = path.join(scratch, 'packages/engine/src');
    const files: Record<string, string> = {
      'index.ts': "export { validate } from './validate.js';\n",
      'validate.ts': "import { assemble } from './run/assemble-report.js';\nexport const validate = () => assemble();\n",
      'run/assemble-report.ts': "import { build } from '../report/build.js';\nimport { split } from '../stores/verdict.js';\nexport const assemble = () => split(build());\n",
      'stores/verdict.ts': 'export const split = (n: number) => n;\n',
      // Each of these calls back up: the report into the stores' verdicts, a rule into the run and into the entry.
      'report/build.ts': "import { split } from '../stores/verdict.js';\nexport const build = () => split(1);\n",
      'rules/batch-runner.ts': "import { assemble } from '../run/assemble-report.js';\nimport { validate } from '../validate.js';\nexport const runBatch = () => [assemble(), validate()];\n",
      // The test harness runs the whole engine: allowed.
      'rules/testing/rule-tester.ts': "import { validate } from '../../validate.js';\nexport const run = () => validate();\n",
    };
    for (const [name, text] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(src, name)), { recursive: true });
      fs.writeFileSync(path.join(src, name), text);
    }
    const { violations } = cruise([src]);
    const found = violations.map((v) => `${v.rule.name}: ${path.relative(src, path.resolve(root, v.from))} -> ${path.relative(src, path.resolve(root, v.to))}`).sort();
    expect(found).toEqual([
      'engine-entry-on-top: rules/batch-runner.ts -> validate.ts',
      'engine-report-below-stores: report/build.ts -> stores/verdict.ts',
      'engine-rules-below-the-run: rules/batch-runner.ts -> run/assemble-report.ts',
      'engine-rules-below-the-run: rules/batch-runner.ts -> validate.ts',
      'engine-run-below-entry-only: rules/batch-runner.ts -> run/assemble-report.ts',
    ]);
  });
});

/** `ddex-check rules [--stage S] [--format text|json]`: every rule with its stage, default severities and label. */
import { Command, Option } from 'commander';
import { listRules } from '@ddex-check/engine';
import { writeOut, type CliIo } from './io.js';
import { EXIT, UsageError } from './usage-error.js';

export function rulesCommand(io: CliIo, setCode: (code: number) => void): Command {
  return new Command('rules')
    .description('list the rules: id, stage, severity in ddex:recommended and ddex:strict, what each checks')
    .option('--stage <stage>', 'only the rules of this stage (package, xml, release, codes, …)')
    .addOption(new Option('--format <format>', 'text or json').choices(['text', 'json']).default('text'))
    .action(async (opts: { stage?: string; format: 'text' | 'json' }) => {
      const all = listRules();
      const rules = opts.stage ? all.filter((r) => r.stage === opts.stage) : all;
      if (opts.stage && rules.length === 0) {
        const stages = [...new Set(all.map((r) => r.stage))].join(', ');
        throw new UsageError(`no rule has the stage "${opts.stage}" (stages: ${stages})`);
      }
      if (opts.format === 'json') {
        await writeOut(io.stdout, JSON.stringify(rules, null, 2) + '\n');
      } else {
        const width = Math.max(...rules.map((r) => r.id.length));
        const row = (id: string, stage: string, recommended: string, strict: string, label: string) => `${id.padEnd(width)}  ${stage.padEnd(11)} ${recommended.padEnd(11)} ${strict.padEnd(6)}  ${label}`;
        const lines = [row('rule', 'stage', 'recommended', 'strict', 'label'), ...rules.map((r) => row(r.id, r.stage, r.severity.recommended, r.severity.strict, r.label))];
        await writeOut(io.stdout, `${lines.join('\n')}\n${rules.length} rules; each rule's page: docs/rules.md\n`);
      }
      setCode(EXIT.ok);
    });
}

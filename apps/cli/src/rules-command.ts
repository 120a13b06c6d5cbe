/**
 * `ddex-check rules [--stage S] [--format text|json] [--sources]`: every rule with its stage,
 * default severities, the kinds of its sources and its label; `--sources` adds each source (ref and
 * URL) under its rule. JSON carries everything, sources included.
 */
import { Command, Option } from 'commander';
import { listRules, type RuleInfo } from '@ddex-check/engine';
import { writeOut, type CliIo } from './io.js';
import { EXIT, UsageError } from './usage-error.js';

/** The kinds of a rule's sources, each once, in the order cited (`xsd, ddex-profile`). */
const kindsOf = (rule: RuleInfo) => [...new Set(rule.sources.map((s) => s.kind))].join(', ');

function textList(rules: RuleInfo[], withSources: boolean): string {
  const width = Math.max(...rules.map((r) => r.id.length));
  const kindsWidth = Math.max('sources'.length, ...rules.map((r) => kindsOf(r).length));
  const row = (id: string, stage: string, recommended: string, strict: string, kinds: string, label: string) =>
    `${id.padEnd(width)}  ${stage.padEnd(11)} ${recommended.padEnd(11)} ${strict.padEnd(6)}  ${kinds.padEnd(kindsWidth)}  ${label}`;
  const lines = [row('rule', 'stage', 'recommended', 'strict', 'sources', 'label')];
  for (const r of rules) {
    lines.push(row(r.id, r.stage, r.severity.recommended, r.severity.strict, kindsOf(r), r.label));
    if (withSources) for (const s of r.sources) lines.push(`    ${s.kind}: ${s.ref}${s.url ? ` <${s.url}>` : ''}`);
  }
  return `${lines.join('\n')}\n${rules.length} rules; each rule's page: docs/rules.md${withSources ? '' : '; each source: --sources'}\n`;
}

export function rulesCommand(io: CliIo, setCode: (code: number) => void): Command {
  return new Command('rules')
    .description('list the rules: id, stage, severity in ddex:recommended and ddex:strict, where each comes from, what each checks')
    .option('--stage <stage>', 'only the rules of this stage (package, xml, release, codes, …)')
    .option('--sources', 'print each rule\'s sources (DDEX clause, standard, store page or service decision, with its URL)')
    .addOption(new Option('--format <format>', 'text or json').choices(['text', 'json']).default('text'))
    .action(async (opts: { stage?: string; format: 'text' | 'json'; sources?: boolean }) => {
      const all = listRules();
      const rules = opts.stage ? all.filter((r) => r.stage === opts.stage) : all;
      if (opts.stage && rules.length === 0) {
        const stages = [...new Set(all.map((r) => r.stage))].join(', ');
        throw new UsageError(`no rule has the stage "${opts.stage}" (stages: ${stages})`);
      }
      await writeOut(io.stdout, opts.format === 'json' ? JSON.stringify(rules, null, 2) + '\n' : textList(rules, opts.sources === true));
      setCode(EXIT.ok);
    });
}

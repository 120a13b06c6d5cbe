/**
 * `ddex-check profiles list` and `ddex-check profiles show <store>`: the store profiles `--stores`
 * can check against, each requirement with its rule id and the public page it comes from.
 */
import { Command, Option } from 'commander';
import { STORES, storeById, type StoreProfile } from '@ddex-check/engine';
import { writeOut, type CliIo } from './io.js';
import { EXIT, UsageError } from './usage-error.js';

function showText(store: StoreProfile): string {
  const lines = [`${store.name} (${store.id}): ${store.requirements.length} requirements`, ''];
  for (const r of store.requirements) {
    lines.push(`${r.id}`);
    lines.push(`  ${r.text}`);
    lines.push(`  rule: ${r.rule}${r.severity ? ` (${r.severity})` : ''}${r.options ? ` options ${JSON.stringify(r.options)}` : ''}${r.profile ? ` profile ${JSON.stringify(r.profile)}` : ''}`);
    lines.push(`  source: ${r.source.title}`);
    lines.push(`          ${r.source.url} (read ${r.source.read})`);
  }
  if (store.notSourced.length) {
    lines.push('', 'Not sourced, left out:');
    for (const note of store.notSourced) lines.push(`  - ${note}`);
  }
  return lines.join('\n') + '\n';
}

export function profilesCommand(io: CliIo, setCode: (code: number) => void): Command {
  const format = () => new Option('--format <format>', 'text or json').choices(['text', 'json']).default('text');
  const command = new Command('profiles').description("the store profiles --stores checks against: each store's published requirements with their sources");
  command
    .command('list')
    .description('list the store profiles')
    .addOption(format())
    .action(async (opts: { format: 'text' | 'json' }) => {
      if (opts.format === 'json') {
        await writeOut(io.stdout, JSON.stringify(STORES.map((s) => ({ id: s.id, name: s.name, requirements: s.requirements.length })), null, 2) + '\n');
      } else {
        const width = Math.max(5, ...STORES.map((s) => s.id.length));
        const lines = [`${'store'.padEnd(width)}  requirements  name`, ...STORES.map((s) => `${s.id.padEnd(width)}  ${String(s.requirements.length).padStart(12)}  ${s.name}`)];
        await writeOut(io.stdout, `${lines.join('\n')}\nEach store's requirements and sources: ddex-check profiles show <store>; docs/stores.md\n`);
      }
      setCode(EXIT.ok);
    });
  command
    .command('show')
    .description("print a store's requirements: rule id, options, source (URL, title, date read)")
    .argument('<store>', 'store id (ddex-check profiles list)')
    .addOption(format())
    .action(async (id: string, opts: { format: 'text' | 'json' }) => {
      const store = storeById(id);
      if (!store) throw new UsageError(`unknown store "${id}" (known: ${STORES.map((s) => s.id).join(', ')})`);
      await writeOut(io.stdout, opts.format === 'json' ? JSON.stringify(store, null, 2) + '\n' : showText(store));
      setCode(EXIT.ok);
    });
  return command;
}

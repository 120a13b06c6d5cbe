/**
 * ddex-check's command line: `run(argv, io)` parses, runs and returns the exit code (0 pass,
 * 1 findings at or above the threshold, 2 usage, config or internal error). Only the bin calls
 * `process.exit`.
 */
import { Command, CommanderError, Help, Option } from 'commander';
import { FAIL_ON, FORMAT_NAMES } from '@ddex-check/engine';
import { processIo, writeOut, type CliIo } from './io.js';
import { EXIT, UsageError } from './usage-error.js';
import { CLI_VERSION } from './version.js';
import { OutputPairs } from './check/outputs.js';
import { parseRuleOption } from './check/rule-options.js';
import { resolveSettings, type RawCheckOptions } from './check/settings.js';
import { runCheck } from './check/command.js';
import { schemasCommand } from './schemas/command.js';
import { rulesCommand } from './rules-command.js';
import { profilesCommand } from './profiles-command.js';
import { availabilityCommand } from './availability/command.js';
import { diffCommand } from './diff/command.js';

const EXAMPLES = `
Exit status: 0 when every delivery is better than --fail-on (and warnings are within
--max-warnings), 1 when one is not, 2 for usage or config errors, missing inputs and internal errors.

Examples:
  $ ddex-check fixtures/batches/album-43             check a delivery folder
  $ ddex-check deliveries/*.zip --concurrency 4      many deliveries, a summary table at the end
  $ ddex-check batch.zip --fail-on warnings          any warning fails the run
  $ ddex-check in/ -f sarif -o ddex.sarif -f junit -o ddex.junit.xml
  $ ddex-check in/ -f github                         annotations in a GitHub Actions log
  $ ddex-check in/ --rule codes-isrc-syntax=warn     override one rule's severity
  $ ddex-check in/ --write-baseline .ddex-baseline.json   record today's findings
  $ ddex-check in/ --baseline .ddex-baseline.json         then fail only on new ones
  $ ddex-check schemas pull 4.3                      install DDEX's XSDs for schema validation
  $ ddex-check rules --stage codes                   list the rules (of one stage)
  $ ddex-check in/ --stores spotify,youtube          a verdict per store, on its published rules
  $ ddex-check profiles show spotify                 a store's requirements and their sources
  $ ddex-check availability in.xml --territory DE    is each release on sale in DE today?
  $ ddex-check diff old.xml new.xml                  what changed, matched by ICPN, ISRC...

Config: ddex-check.config.json in the working folder or a parent (or --config FILE):
  {"extends": "ddex:strict", "rules": {"codes-isrc-syntax": "warn"}, "profile": {...},
   "schemas": "xsd", "catalog": "catalog.json"}   — see schemas/config.schema.json`;

/** The CLI's commands and options (exported for tests: the bin's list of options with values, bin/large-inputs.js). */
export function buildProgram(io: CliIo, setCode: (code: number) => void): Command {
  const pairs = new OutputPairs();
  const program = new Command('ddex-check')
    .description('Tells whether a DDEX ERN delivery (folder, .zip or .xml) would import, and exactly what to fix where.')
    .version(CLI_VERSION, '-v, --version', 'print the version')
    // Options after "schemas …" belong to that command (its --schemas is not the main command's).
    .enablePositionalOptions()
    .argument('[paths...]', 'delivery folders, .zip files or .xml messages')
    .addOption(new Option('-f, --format <name>', `output format, repeatable: ${FORMAT_NAMES.join(', ')} (default text)`).argParser((v: string) => pairs.addFormat(v)))
    .addOption(new Option('-o, --output <file>', 'write the format before it (or the default) to FILE; repeatable').argParser((v: string) => pairs.addOutput(v)))
    .addOption(new Option('--fail-on <level>', 'fail (exit 1) at this verdict or worse').choices([...FAIL_ON]).default('rejected'))
    .option('--max-warnings <n>', 'also fail when there are more than N warnings in total')
    .option('-c, --config <file>', 'config file (default: ddex-check.config.json here or in a parent folder)')
    .option('--no-config', 'ignore config files')
    .option('--rule <id=severity>', 'rule severity (error, warn, info, off); repeatable', (v: string, prev: Record<string, string>) => parseRuleOption(v, prev as never))
    .option('--baseline <file>', 'report only findings that are not in this baseline')
    .option('--write-baseline <file>', "record this run's findings as the baseline (they then do not fail this run)")
    .option('--schemas <dir>', 'folder of DDEX XSD sets laid out ern-<version>/… (else DDEX_SCHEMAS_DIR, then the user cache)')
    .addOption(new Option('--schema-engine <name>', 'schema validator').choices(['libxml2', 'compiled']))
    .option('--require-schemas', 'exit 2 when a message could not be schema-validated because no DDEX XSD set is installed (for CI pipelines)')
    .option('--deep', 'decode audio fully to catch truncated or corrupt files (slower)')
    .option('--no-media', 'skip the audio, artwork and video checks')
    .option('--catalog <file>', 'JSON catalog export: {memberId, releases:[{upc, memberId, live, title}], recordings:[{isrc, memberId, title}]}')
    .option('--profile <file>', 'service profile JSON, merged over the default profile')
    .option('--stores <ids>', "also give a verdict per store on its published requirements, e.g. spotify,youtube (ddex-check profiles list)")
    .option('--concurrency <n>', 'deliveries checked at once', '4')
    .option('--color', 'force colours')
    .option('--no-color', 'no colours (also: NO_COLOR=1)')
    .option('--verbose', 'also list passed checks in the text format')
    .option('-q, --quiet', 'no progress and notes on stderr')
    .addHelpText('after', EXAMPLES)
    .action(async (paths: string[], raw: RawCheckOptions) => {
      const settings = await resolveSettings(paths, raw, pairs.targets(), io.cwd);
      setCode(await runCheck(settings, io));
    });
  // A long command term ("availability [options] <paths...>") would widen the whole help's first column: its "[options]" is left to its own help.
  program.configureHelp({ subcommandTerm: (cmd) => { const term = Help.prototype.subcommandTerm.call(program.createHelp(), cmd); return term.length > 24 ? term.replace(' [options]', '') : term; } });
  program.addCommand(schemasCommand(io, setCode));
  program.addCommand(rulesCommand(io, setCode));
  program.addCommand(profilesCommand(io, setCode));
  program.addCommand(availabilityCommand(io, setCode));
  program.addCommand(diffCommand(io, setCode));
  return program;
}

export async function run(argv: string[], io: CliIo = processIo()): Promise<number> {
  let code: number = EXIT.ok;
  const program = buildProgram(io, (c) => (code = c));
  const errors: string[] = [];
  const configure = (cmd: Command) => {
    cmd.exitOverride();
    cmd.configureOutput({
      writeOut: (s) => void io.stdout.write(s),
      writeErr: (s) => void errors.push(s),
      outputError: (s) => void errors.push(s),
    });
    cmd.commands.forEach(configure);
  };
  configure(program);
  try {
    await program.parseAsync(argv, { from: 'user' });
  } catch (error) {
    if (error instanceof CommanderError) {
      if (error.code === 'commander.helpDisplayed' || error.code === 'commander.version' || error.code === 'commander.help') {
        if (errors.length > 0) await writeOut(io.stdout, errors.join(''));
        return EXIT.ok;
      }
      const message = (errors.join('') || `${error.message}\n`).replace(/^error: /gm, 'ddex-check: ');
      await writeOut(io.stderr, message + 'Run "ddex-check --help" for usage.\n');
      return EXIT.usage;
    }
    if (error instanceof UsageError) {
      await writeOut(io.stderr, error.message.split('\n').map((line) => `ddex-check: ${line}`).join('\n') + '\n');
      return EXIT.usage;
    }
    await writeOut(io.stderr, `ddex-check: internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    return EXIT.usage;
  }
  return code;
}

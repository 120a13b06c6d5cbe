/**
 * `ddex-check availability <message|batch>... [--territory CC] [--on YYYY-MM-DD] [-f text|json]`:
 * every release's deals resolved as the deal rules resolve them. Without options, per release, the
 * table of territory x use x commercial model x period; with --territory and/or --on, whether
 * each release is available there on that day (a missing --territory means anywhere, a missing
 * --on today, UTC). Exit 0 when answered, 2 for usage errors and unreadable input.
 */
import { Command, Option } from 'commander';
import { BatchError, UnreadableMessageError, answerOf, dayOf, purgedOf, readModels, releaseViews, tableOf, territoryUniverse, type ErnVersion } from '@ddex-check/engine';
import { writeOut, type CliIo } from '../io.js';
import { EXIT, UsageError } from '../usage-error.js';
import { answerText, purgedText, tableText } from './text.js';
import type { Question } from './question.js';


interface Options {
  territory?: string;
  on?: string;
  format: 'text' | 'json';
  schemas?: string;
}

export function availabilityCommand(io: CliIo, setCode: (code: number) => void): Command {
  return new Command('availability')
    .description('where, when, how and at what price each release is offered, resolved from its deals (ERN 3.7-4.3)')
    .argument('<paths...>', 'ERN messages (.xml), delivery folders or .zip files')
    .option('--territory <code>', 'answer for this territory (ISO 3166 code, TIS code, or Worldwide for "anywhere")')
    .option('--on <date>', 'answer for this day, YYYY-MM-DD (default: today, UTC)')
    .addOption(new Option('-f, --format <format>', 'text or json').choices(['text', 'json']).default('text'))
    .option('--schemas <dir>', 'folder of DDEX XSD sets (for the territory codes of the allowed value sets; else DDEX_SCHEMAS_DIR, then the user cache)')
    .action(async (paths: string[], opts: Options) => {
      const question = opts.territory !== undefined || opts.on !== undefined ? questionOf(opts) : null;
      const out: unknown[] = [];
      const texts: string[] = [];
      let territoryChecked = false;
      for (const input of paths) {
        const models = await readInput(input);
        for (const { file, message } of models) {
          const source = file;
          if (question && !territoryChecked) {
            territoryChecked = true;
            await checkTerritory(question.territory, message.version, opts.schemas, io);
          }
          const views = [...releaseViews(message)];
          // A PurgeReleaseMessage names releases by their identifiers only: they are listed apart.
          const purged = message.root === 'PurgeReleaseMessage' ? { purged: purgedOf(message) } : {};
          if (question) {
            const releases = views.map((v) => answerOf(v, question.territory, question.day, question.on));
            out.push({ source, ern_version: message.version, territory: question.territory, on: question.on, releases, ...purged });
            texts.push(answerText(source, message.version, question, releases) + purgedText(purged.purged));
          } else {
            const releases = views.map(tableOf);
            out.push({ source, ern_version: message.version, releases, ...purged });
            texts.push(tableText(source, message.version, releases) + purgedText(purged.purged));
          }
        }
      }
      await writeOut(io.stdout, opts.format === 'json' ? JSON.stringify(out, null, 2) + '\n' : texts.join('\n'));
      setCode(EXIT.ok);
    });
}

function questionOf(opts: Options): Question {
  const territory = opts.territory ?? 'Worldwide';
  if (!/^(Worldwide|[A-Z]{2}|\d{1,4})$/.test(territory)) throw new UsageError(`--territory ${territory}: not a territory code (an ISO 3166 alpha-2 code such as DE, a TIS code, or Worldwide)`);
  const now = new Date();
  const on = opts.on ?? `${now.getUTCFullYear()}-${String(now.getUTCMonth() + 1).padStart(2, '0')}-${String(now.getUTCDate()).padStart(2, '0')}`;
  const day = dayOf(on);
  if (day === null) throw new UsageError(`--on ${on}: not a calendar date written YYYY-MM-DD`);
  return { territory, on, day };
}

/** The code must be one the message's allowed value sets know; without them installed, its form is all that is checked (said on stderr). */
async function checkTerritory(territory: string, version: ErnVersion, schemas: string | undefined, io: CliIo): Promise<void> {
  const universe = await territoryUniverse(version, schemas ?? null);
  if (!universe) {
    await writeOut(io.stderr, `ddex-check: note: the DDEX allowed value sets of ERN ${version} are not installed, so --territory ${territory} is not checked against them (run "ddex-check schemas pull ${version}" or pass --schemas DIR)\n`);
    return;
  }
  if (!universe.known.has(territory)) throw new UsageError(`--territory ${territory}: not a territory code of the DDEX allowed value sets of ERN ${version} (ISO 3166 alpha-2 codes, TIS codes, Worldwide)`);
}

async function readInput(input: string) {
  try {
    return await readModels(input);
  } catch (error) {
    if (error instanceof BatchError) throw new UsageError(error.message.includes(input) ? error.message : `${input}: ${error.message}`);
    if (error instanceof UnreadableMessageError) throw new UsageError(error.message);
    throw error;
  }
}

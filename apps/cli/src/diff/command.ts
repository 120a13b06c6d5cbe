/**
 * `ddex-check diff <old> <new> [-f text|json] [--max-size MB]`: what changed between two ERN
 * messages (3.7 to 4.3, either side), releases, resources and parties matched by identifiers.
 * Exit 0 when the content is the same (header fields may differ), 1 when it changed, 2 for usage
 * errors and unreadable input. Both models are held in memory: messages above --max-size are
 * refused (default 256 MB each).
 */
import { Command, Option } from 'commander';
import { BatchError, UnreadableMessageError, diffMessages, readModels, territoryUniverse, type ReadModel } from '@ddex-check/engine';
import { writeOut, type CliIo } from '../io.js';
import { EXIT, UsageError } from '../usage-error.js';
import { diffText } from './text.js';

/** Default largest message (MB) each side may be. */
export const DIFF_MAX_MB = 256;

interface Options {
  format: 'text' | 'json';
  maxSize: string;
  schemas?: string;
}

export function diffCommand(io: CliIo, setCode: (code: number) => void): Command {
  return new Command('diff')
    .description('what changed between two ERN messages: releases, resources, deals and parties matched by their identifiers, header apart')
    .argument('<old>', 'the earlier message (.xml, or a delivery folder or .zip holding one message)')
    .argument('<new>', 'the later message')
    .addOption(new Option('-f, --format <format>', 'text or json').choices(['text', 'json']).default('text'))
    .option('--max-size <MB>', `refuse messages larger than this (both are held in memory)`, String(DIFF_MAX_MB))
    .option('--schemas <dir>', 'folder of DDEX XSD sets (to name the countries that leave a worldwide deal; else DDEX_SCHEMAS_DIR, then the user cache)')
    .action(async (oldPath: string, newPath: string, opts: Options) => {
      const mb = Number(opts.maxSize);
      if (!Number.isFinite(mb) || mb <= 0) throw new UsageError(`--max-size ${opts.maxSize}: not a positive number of megabytes`);
      const maxBytes = Math.floor(mb * 1024 * 1024);
      const a = await oneMessage(oldPath, maxBytes);
      const b = await oneMessage(newPath, maxBytes);
      const universe = await territoryUniverse(b.message.version, opts.schemas ?? null).catch(() => null);
      const result = diffMessages(a.message, b.message, universe);
      const out = { old: a.file, new: b.file, ...result };
      await writeOut(io.stdout, opts.format === 'json' ? JSON.stringify(out, null, 2) + '\n' : diffText(out));
      setCode(result.changes.length > 0 ? EXIT.findings : EXIT.ok);
    });
}

async function oneMessage(input: string, maxBytes: number): Promise<ReadModel> {
  let models: ReadModel[];
  try {
    models = await readModels(input, { maxMessageBytes: maxBytes });
  } catch (error) {
    if (error instanceof BatchError) throw new UsageError(error.message.includes(input) ? error.message : `${input}: ${error.message}`);
    if (error instanceof UnreadableMessageError) throw new UsageError(error.message.replace(/bytes for this command$/, 'bytes for diff (raise it with --max-size MB; both messages are held in memory)'));
    throw error;
  }
  if (models.length !== 1) throw new UsageError(`${input}: holds ${models.length} messages; diff compares one message with one message (give the .xml files)`);
  return models[0];
}

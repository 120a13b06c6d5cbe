/**
 * The main command: check every input (bounded parallelism), drop baselined findings, write each
 * requested format, print hints, and return the exit code: 0 when every report is better than the
 * --fail-on threshold and warnings are within --max-warnings, 1 otherwise, 2 for usage errors,
 * inputs that do not exist and internal errors.
 */
import { stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import pLimit from 'p-limit';
import { BatchError, ConfigError, FORMATS_WITH_SOURCE_LINES, PARSE_THREAD_MIN_BYTES, applyBaseline, formatterFor, prestartParseThread, reportFails, validate, type Report } from '@ddex-check/engine';
import { wantsColor, writeOut, type CliIo } from '../io.js';
import { largestInputs } from '../../bin/large-inputs.js';
import { UsageError, EXIT } from '../usage-error.js';
import { CLI_VERSION } from '../version.js';
import { makeFolderSync } from '@ddex-check/engine/make-folder';
import { activeRules } from './active-rules.js';
import { readBaseline, writeBaseline } from './baseline-files.js';
import { jsonChunks, writeChunks } from './json-chunks.js';
import { createProgress } from './progress.js';
import type { CheckSettings } from './settings.js';
import { loadSourceLines } from './source-lines.js';
import { schemaHints } from './schema-hint.js';

/**
 * Throws a usage error naming every input that does not exist. When the pass of a message will run
 * on a thread of its own (a file, or an .xml in a folder given, two levels down: the bin's
 * `largestInputs`), that thread is started now, while the rules and the schema are set up
 * (`prestart`, prestartParseThread). A zip's messages are not looked for: its central directory
 * would have to be read first.
 */
export async function checkInputs(inputs: string[], cwd: string, prestart: () => unknown = prestartParseThread): Promise<void> {
  const missing: string[] = [];
  const found: string[] = [];
  for (const input of inputs) {
    const absolute = path.resolve(cwd, input);
    try {
      await stat(absolute);
      found.push(absolute);
    } catch {
      missing.push(input);
    }
  }
  if (missing.length > 0) throw new UsageError(missing.map((m) => `no such file or folder: ${m}`).join('\n'));
  if (largestInputs(found).message >= PARSE_THREAD_MIN_BYTES) prestart();
}

/** The input as the engine should open it: as written when relative to this process's folder, so messages show short paths. */
function enginePath(input: string, cwd: string): string {
  const absolute = path.resolve(cwd, input);
  if (path.isAbsolute(input)) return input;
  return path.relative(process.cwd(), absolute) || '.';
}

/** Runs validate on each input; an input that throws is an internal error (exit 2), the others still run. */
async function checkAll(
  settings: CheckSettings,
  io: CliIo,
  judge: (report: Report) => Report,
): Promise<{ reports: (Report | null)[]; failures: string[] }> {
  const limit = pLimit(settings.concurrency);
  const progress = createProgress(io, settings.inputs, settings.quiet);
  const failures: string[] = [];
  try {
    const reports = await Promise.all(
      settings.inputs.map((input, index) =>
        limit(async () => {
          progress.working(index, undefined);
          try {
            const raw = await validate(enginePath(input, io.cwd), {
              ...settings.validate,
              onProgress: (event) => progress.working(index, event.file),
            });
            // Reports name the input as the user wrote it, not the resolved path.
            raw.source = input;
            const report = judge(raw);
            progress.finished(index, input, report);
            return report;
          } catch (error) {
            progress.finished(index, input, null);
            if (error instanceof BatchError && error.code === 'not_found') failures.push(`no such file or folder: ${input}`);
            else if (error instanceof BatchError && error.code === 'permission') failures.push(error.message);
            else if (error instanceof ConfigError) throw new UsageError(`${error.key}: ${error.message}`);
            else failures.push(`internal error while checking ${input}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
            return null;
          }
        }),
      ),
    );
    return { reports, failures };
  } finally {
    progress.stop();
  }
}

export async function runCheck(settings: CheckSettings, io: CliIo): Promise<number> {
  await checkInputs(settings.inputs, io.cwd);
  const matcher = settings.baseline ? await readBaseline(settings.baseline, io.cwd) : null;
  const rules = activeRules(settings.preset, settings.rules);

  // Baselined checks are dropped as each report arrives, before anything (progress, formats, the
  // exit code) judges it. Keys include the source, so the order reports finish in does not matter.
  let baselined = 0;
  // --write-baseline records every finding of the run, so it judges raw reports (it replaces an old baseline).
  const judge = (report: Report): Report => {
    if (!matcher || settings.writeBaseline) return report;
    const [applied] = applyBaseline([report], matcher);
    baselined += applied.baselined;
    return applied.report;
  };
  const { reports: maybeReports, failures } = await checkAll(settings, io, judge);
  let reports = maybeReports.filter((r): r is Report => r !== null);

  if (settings.writeBaseline) {
    const count = await writeBaseline(settings.writeBaseline, reports);
    await writeOut(io.stderr, `ddex-check: wrote ${count} finding${count === 1 ? '' : 's'} to the baseline ${path.relative(io.cwd, settings.writeBaseline) || settings.writeBaseline}\n`);
    // A baseline just written covers every finding of this run (like ESLint's --suppress-all).
    const applied = applyBaseline(reports, await readBaseline(settings.writeBaseline, io.cwd));
    reports = applied.map((a) => a.report);
    baselined += applied.reduce((n, a) => n + a.baselined, 0);
  }

  // Only the text report prints source lines: for JSON and the others the messages are not read again
  // (34,170 findings of a 41 MB message took about 60 ms to look up).
  const sourceLine = settings.targets.some((t) => FORMATS_WITH_SOURCE_LINES.has(t.format)) ? await loadSourceLines(reports) : undefined;
  for (const target of settings.targets) {
    const stream = target.file === null ? io.stdout : null;
    // JSON is written as it is made (json-chunks.ts): a large catalog's text is never held whole.
    const output =
      target.format === 'json'
        ? jsonChunks(reports)
        : formatterFor(target.format)!(reports, {
            failOn: settings.failOn,
            color: stream ? wantsColor(stream, io.env, settings.color) : settings.color === true,
            cwd: io.cwd,
            tool: { name: 'ddex-check', version: CLI_VERSION, informationUri: 'https://github.com/ddex-check/ddex-check' },
            rules,
            sourceLine,
            verbose: settings.verbose,
          });
    if (stream) {
      for (const chunk of typeof output === 'string' ? [output] : output) await writeOut(stream, chunk);
    } else {
      const file = path.resolve(io.cwd, target.file!);
      try {
        makeFolderSync(path.dirname(file));
        if (typeof output === 'string') await writeFile(file, output);
        else writeChunks(file, output);
      } catch (error) {
        throw new UsageError(`cannot write ${target.file}: ${(error as Error).message}`);
      }
    }
  }

  const notes: string[] = [];
  if (baselined > 0 && !settings.quiet) notes.push(`ddex-check: ${baselined} known finding${baselined === 1 ? '' : 's'} hidden by the baseline`);
  const missingSchemas = schemaHints(reports);
  notes.push(...missingSchemas);
  if (settings.requireSchemas && missingSchemas.length > 0) notes.push('ddex-check: --require-schemas: schema validation could not run, so the verdict is incomplete (exit 2)');
  const warnings = reports.reduce((n, r) => n + r.summary.warnings, 0);
  const tooManyWarnings = settings.maxWarnings !== null && warnings > settings.maxWarnings;
  if (tooManyWarnings) notes.push(`ddex-check: ${warnings} warnings, more than --max-warnings ${settings.maxWarnings}`);
  for (const failure of failures) notes.push(`ddex-check: ${failure}`);
  if (notes.length > 0) await writeOut(io.stderr, notes.join('\n') + '\n');

  if (failures.length > 0 || (settings.requireSchemas && missingSchemas.length > 0)) return EXIT.usage;
  if (tooManyWarnings || reports.some((r) => reportFails(r, settings.failOn))) return EXIT.findings;
  return EXIT.ok;
}

/**
 * The engine's entry, `validate(input, options)`: resolves the rules and stores, opens the
 * delivery, has each message read (run/read-message.ts: one streaming pass, ERN reader, rules and
 * schema validation on the same events), runs the media stage and the batch-level rules, and hands
 * every check to the report's one assembler (run/assemble-report.ts). The flow goes one way: the
 * entry calls run/, rules/, report/ and stores/; none of them imports it.
 */
import { openBatch, BatchError, type Batch } from './batch/index.js';
import { RULES } from './rules/registry.js';
import { resolveRules } from './rules/severity.js';
import { EngineChecks } from './rules/checks.js';
import type { Report } from './report/types.js';
import { DEFAULT_PROFILE } from './profile/default.js';
import { createSchemaValidator } from './xml/schema-engines.js';
import { runBatchRules } from './rules/batch-runner.js';
import type { ValidateInput, ValidateOptions } from './options.js';
import type { MediaAccess } from './media/types.js';
import { inspectMedia } from './media/inspect.js';
import { preloadMediaLibraries } from './media/libraries.js';
import { storeRules, storesOf } from './stores/active.js';
import { MANIFEST_RULE, MEASURED_RULE, withRulesOfTheBatch } from './rules/turned-on-by-batch.js';
import { inTimestampOrder } from './batch/message-order.js';
import { finishMessage, readMessage, type MessageRead, type RunContext } from './run/read-message.js';
import { ReportAssembler } from './run/assemble-report.js';

/** Reads a delivery and answers whether it would import. Throws only for a path that does not exist or cannot be read by this user, or a bad configuration. */
export async function validate(input: ValidateInput, options: ValidateOptions = {}): Promise<Report> {
  const startedAt = new Date();
  const stores = storesOf(options.stores ?? []);
  let measure = options.media !== false && (options.measure ?? stores.length > 0);
  const baseActive = resolveRules(RULES, options.preset, options.rules);
  // Store requirements are more instances of rules, tagged with their store; the engine's own findings stay the base rules'.
  const requirements = storeRules(stores, RULES, options.profile ?? DEFAULT_PROFILE);
  const engine = new EngineChecks(baseActive);
  const schema = createSchemaValidator(options);
  const source = typeof input === 'string' ? input : (options.name ?? 'upload');
  const ctx: RunContext = { active: [...baseActive, ...requirements], engine, schema, options };
  // Every check and message goes to the one assembler; the report is built once, at the end.
  const report = new ReportAssembler({ source, stores, schemaEngine: schema.name, startedAt, recordings: options.recordings });

  options.onProgress?.({ phase: 'open', file: source });
  let batch: Batch;
  try {
    batch = await openBatch(input, { name: options.name, limits: options.limits });
  } catch (error) {
    // What the caller must fix, not the delivery: a path that is not there, or not readable by this user.
    if (error instanceof BatchError && (error.code === 'not_found' || error.code === 'permission')) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    report.add(engine.finding('package-batch-readable', { messageId: 'failed', file: error instanceof BatchError ? error.file : '', data: { reason, fix: fixFor(error) } }));
    await schema.close?.();
    return report.finish();
  }
  // A lone message has no files to measure: nothing is decoded, nothing reported about it.
  measure &&= !batch.messageOnly;
  const manifest = batch.marker !== null && batch.marker.size > 0 && /\.xml$/i.test(batch.marker.path);
  ctx.active = [...withRulesOfTheBatch(baseActive, { [MEASURED_RULE]: measure, [MANIFEST_RULE]: manifest }, options.rules), ...requirements];

  if (options.media !== false && !batch.messageOnly) preloadMediaLibraries();
  try {
    let done = 0;
    const inPathOrder: MessageRead[] = [];
    for (const entry of batch.messages) {
      options.signal?.throwIfAborted();
      options.onProgress?.({ phase: 'message', file: entry.path, done, total: batch.messages.length });
      inPathOrder.push(await readMessage(entry, ctx));
      done++;
    }
    // Processed (and reported) in MessageCreatedDateTime order, as the choreography applies them.
    const reads = inTimestampOrder(inPathOrder, (r) => r.read.message?.header.createdDateTime?.value);
    report.addMessages(reads.map((r) => r.read));
    report.add(engine.pass('package-batch-readable', ''));

    // Media: every referenced file inspected once (hashes, headers, optional full decode), then the media rules.
    const readable = reads.filter((r) => r.read.message).map((r) => ({ file: r.read.file, message: r.read.message! }));
    let media: MediaAccess | null = null;
    if (options.media !== false && !batch.messageOnly && readable.length > 0) {
      options.onProgress?.({ phase: 'media', file: source });
      media = await inspectMedia({ batch, messages: readable, deep: options.deep ?? false, measure, profile: options.profile ?? DEFAULT_PROFILE, onProgress: options.onProgress, signal: options.signal });
    }
    for (const read of reads) report.addAll(await finishMessage(read, media, options));
    report.addAll(await runBatchRules({ batch, messages: report.messages, media, active: ctx.active, profile: ctx.options.profile ?? DEFAULT_PROFILE }));
  } finally {
    await batch.close();
    await schema.close?.();
  }
  options.onProgress?.({ phase: 'report', file: source });
  return report.finish();
}

/** What the sender should do about a delivery that could not be opened, by the batch error's code. */
function fixFor(error: unknown): string {
  if (!(error instanceof BatchError)) return 'Check that the delivery is a folder, a .zip or an .xml file and can be read.';
  switch (error.code) {
    case 'zip_unsafe_path':
      return 'Rebuild the zip with paths relative to the batch folder (no "../", no absolute paths).';
    case 'zip_too_large':
    case 'zip_ratio':
      return 'Split the delivery or zip it with ordinary compression; the archive looks like a zip bomb.';
    case 'zip_invalid':
      return 'The zip is damaged or incomplete; build it again and re-deliver.';
    case 'unsafe_link':
      return 'Put the file itself in the batch instead of a link to it (a batch is a closed set of files).';
    case 'no_message':
      return 'Put the ERN message (XML) in the delivery, next to the files it references.';
    case 'empty':
      return 'Deliver the complete file; it has no bytes (an interrupted upload?).';
    default:
      return 'Check that the delivery is a folder, a .zip or an .xml file and can be read.';
  }
}

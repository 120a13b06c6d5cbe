/**
 * `validate(input, options)`: opens the delivery, reads each message in one streaming pass (ERN
 * reader, rules and schema validation listening to the same events), runs the batch-level and
 * media checks, and builds the report with its verdict.
 */
import { openBatch, BatchError, type Batch, type BatchEntry } from './batch/index.js';
import { createErnReader, settleModel, tightenHeap, wantsRecordStore, type ErnReader } from './ern/reader.js';
import type { ErnMessage } from './ern/model.js';
import { kindAt } from './ern/record-list.js';
import { runMessagePass, type PassResult, type RootInfo } from './xml/pass.js';
import { CURRENT_VERSION, ERN_ROOTS, SUPPORTED_VERSIONS, draftOfNamespace, oldErnOfNamespace, versionNameOfNamespace, versionOfNamespace } from './xml/version.js';
import type { SchemaResult, SchemaSession, SchemaValidator } from './xml/schema-validator.js';
import { RULES } from './rules/registry.js';
import { resolveRules, type ActiveRule } from './rules/severity.js';
import { RuleDispatcher } from './rules/dispatcher.js';
import { EngineChecks } from './engine-checks.js';
import type { ReadMessage } from './report/build.js';
import type { Check, MessageSummary, Report } from './report/types.js';
import { DEFAULT_PROFILE } from './profile/default.js';
import { createSchemaValidator } from './xml/schema-engines.js';
import { attributeByPath } from './report/attribute.js';
import { runBatchRules } from './rules/batch-runner.js';
import { ENGINE_VERSION } from './engine-version.js';
import type { MessageSnapshots, ValidateInput, ValidateOptions } from './options.js';
import { releaseSnapshotsOf } from './diff/release-snapshot.js';
import type { MediaAccess } from './media/types.js';
import { inspectMedia } from './media/inspect.js';
import { preloadMediaLibraries } from './media/libraries.js';
import { noteLocalFiles } from './media/rule-support.js';
import { storeRules, storesOf } from './stores/active.js';
import { finishReport } from './stores/finish-report.js';
import { MANIFEST_RULE, MEASURED_RULE, withRulesOfTheBatch } from './rules/turned-on-by-batch.js';
import { inTimestampOrder } from './batch/message-order.js';
import type { StoreProfile } from './stores/types.js';

interface RunContext {
  active: ActiveRule[];
  engine: EngineChecks;
  schema: SchemaValidator;
  options: ValidateOptions;
}

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
  const checks: Check[] = [];
  const messages: ReadMessage[] = [];
  const engineInfo = () => ({ version: ENGINE_VERSION, schema_engine: schema.name, started_at: startedAt.toISOString(), duration_ms: Date.now() - startedAt.getTime() });
  const report = () => finishReport({ source, checks, messages, engine: engineInfo(), recordings: options.recordings }, stores);

  options.onProgress?.({ phase: 'open', file: source });
  let batch: Batch;
  try {
    batch = await openBatch(input, { name: options.name, limits: options.limits });
  } catch (error) {
    // What the caller must fix, not the delivery: a path that is not there, or not readable by this user.
    if (error instanceof BatchError && (error.code === 'not_found' || error.code === 'permission')) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    const check = engine.finding('package-batch-readable', { messageId: 'failed', file: error instanceof BatchError ? error.file : '', data: { reason, fix: fixFor(error) } });
    if (check) checks.push(check);
    await schema.close?.();
    return report();
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
    messages.push(...reads.map((r) => r.read));
    const pass = engine.pass('package-batch-readable', '');
    if (pass) checks.push(pass);

    // Media: every referenced file inspected once (hashes, headers, optional full decode), then the media rules.
    const readable = reads.filter((r) => r.read.message).map((r) => ({ file: r.read.file, message: r.read.message! }));
    let media: MediaAccess | null = null;
    if (options.media !== false && !batch.messageOnly && readable.length > 0) {
      options.onProgress?.({ phase: 'media', file: source });
      media = await inspectMedia({ batch, messages: readable, deep: options.deep ?? false, measure, profile: options.profile ?? DEFAULT_PROFILE, onProgress: options.onProgress, signal: options.signal });
    }
    for (const read of reads) {
      if (read.dispatcher && read.read.message) {
        if (options.media !== false) await read.dispatcher.exit('Media:exit', media);
        pushAll(read.checks, read.dispatcher.checks(read.read.message.version));
        read.dispatcher.release();
        // The rules' state (numbers, flags, hashes noted while the message streamed) is let go before the report, the run's peak of memory.
        read.dispatcher = null;
        attributeByPath(read.checks, read.read.message, read.read.file);
        settleModel(read.read.message);
      }
      pushAll(checks, read.checks);
    }
    pushAll(checks, await runBatchRules({ batch, messages, media, active: ctx.active, profile: ctx.options.profile ?? DEFAULT_PROFILE }));
  } finally {
    await batch.close();
    await schema.close?.();
  }
  options.onProgress?.({ phase: 'report', file: source });
  return report();
}



interface MessageRead {
  read: ReadMessage;
  checks: Check[];
  /** Kept until the media stage has run; its checks are collected after `Media:exit`. */
  dispatcher: RuleDispatcher | null;
}

async function readMessage(entry: BatchEntry, ctx: RunContext): Promise<MessageRead> {
  const file = entry.path;
  const checks: Check[] = [];
  let reader: ErnReader | null = null;
  let dispatcher: RuleDispatcher | null = null;
  let session: SchemaSession | null = null;
  let schemaSkip: string | null = null;
  // The parse thread validates the message on its side (PassResult.schema).
  let schemaOnThread = false;
  let rootProblem: Check | null = null;
  let keptAsBytes = false;

  let pass: PassResult;
  try {
    pass = await runMessagePass(await entry.open(), async (root, how) => {
      if (!root) return { listeners: [] };
      rootProblem = versionProblem(root, file, ctx.engine);
      const version = versionOfNamespace(root.ns);
      if (rootProblem || !version) return { listeners: [] };
      const store = ctx.options.recordStore ?? wantsRecordStore(entry.size);
      keptAsBytes = store;
      if (store && ctx.options.recordStore === undefined) tightenHeap();
      // The rules' `onResource`, `onRelease` and `onDeal` functions, given each record as it closes (the dispatcher is made next).
      let rules: RuleDispatcher | null = null;
      reader = createErnReader({
        version,
        root,
        store,
        onResource: (resource, n) => {
          noteLocalFiles(reader!.message, resource, n);
          rules!.resourceClosed(resource, n);
        },
        onRelease: (release, n) => rules!.releaseClosed(release, n),
        onDeal: (deal, n) => rules!.dealClosed(deal, n),
      });
      const model = reader.message;
      dispatcher = rules = new RuleDispatcher(ctx.active, { file, message: () => model, profile: ctx.options.profile ?? DEFAULT_PROFILE, catalog: ctx.options.catalog ?? null, schemasDir: ctx.options.schemasDir ?? null, recordStore: store }, version);
      const task = ctx.engine.isActive('xml-schema-valid') && how.thread && ctx.schema.threadTask ? ctx.schema.threadTask(version) : null;
      if (typeof task === 'string') schemaSkip = task;
      else if (task) schemaOnThread = true;
      else if (ctx.engine.isActive('xml-schema-valid')) {
        try {
          const begun = await ctx.schema.begin(version, { ns: root.ns, name: root.name });
          if (typeof begun === 'string') schemaSkip = begun;
          else session = begun;
        } catch (error) {
          schemaSkip = `the ${ctx.schema.name} validator could not start: ${(error as Error).message}`;
        }
      }
      return {
        listeners: [reader.listener, dispatcher.listener, ...(session?.listener ? [session.listener] : [])],
        onBytes: session?.onBytes ? (chunk: Buffer) => session!.onBytes!(chunk) : undefined,
        threadSchema: task && typeof task !== 'string' ? task : undefined,
      };
    }, { parseThread: ctx.options.parseThread ?? entry.size, file: entry.file });
  } catch (error) {
    pass = { root: null, fatal: { kind: 'read', message: (error as Error).message, line: null, column: null }, listenerFailures: [], bytes: 0, elements: 0 };
  }

  const r = reader as ErnReader | null;
  const d = dispatcher as RuleDispatcher | null;
  const s = session as SchemaSession | null;
  const message: ErnMessage | null = r ? safeFinish(r, checks, file) : null;
  const version = message?.version ?? null;

  if (pass.fatal) {
    const loc = pass.fatal.line ? { line: pass.fatal.line, column: pass.fatal.column ?? 1, path: '' } : null;
    const check = ctx.engine.finding('xml-well-formed', { messageId: pass.fatal.kind, file, loc, data: { reason: withoutFinalStop(pass.fatal.message) } });
    if (check) checks.push(check);
  } else {
    const wellFormed = ctx.engine.pass('xml-well-formed', file);
    if (wellFormed) checks.push(wellFormed);
  }
  const problem = rootProblem as Check | null;
  if (problem) checks.push(problem);
  else if (pass.root && version) {
    const supported = ctx.engine.pass('xml-version-supported', file);
    if (supported) checks.push(supported);
    const legacy =
      version === CURRENT_VERSION
        ? ctx.engine.pass('xml-version-legacy', file)
        : ctx.engine.finding('xml-version-legacy', { messageId: 'legacy', file, loc: { line: pass.root.line, column: pass.root.column, path: `/${pass.root.name}` }, data: { version } });
    if (legacy) checks.push(legacy);
  }
  for (const failure of pass.listenerFailures) {
    checks.push({ stage: 'xml', rule: 'engine-internal', label: 'Engine', status: 'skipped', message: `the ${failure.listener} listener failed at this element and was skipped: ${failure.error.split('\n')[0]}`, field: failure.path, line: failure.line, column: failure.column, file, release: null, hint: 'This is a bug in ddex-check, not in the delivery; please report it.' });
  }

  let schemaInvalid = false;
  if (version && ctx.engine.isActive('xml-schema-valid')) {
    const result: SchemaResult | null = pass.fatal
      ? null
      : schemaOnThread
        ? (pass.schema ?? { outcome: 'skipped', issues: [], note: `the ${ctx.schema.name} validator on the parse thread gave no result` })
        : s
          ? await s.finish().catch((error: Error) => ({ outcome: 'skipped' as const, issues: [], note: `the ${ctx.schema.name} validator failed: ${error.message}` }))
          : { outcome: 'skipped', issues: [], note: schemaSkip ?? 'no schema validator' };
    if (result) {
      schemaInvalid = result.outcome === 'invalid';
      pushAll(checks, schemaChecks(result, version, file, ctx));
    } else {
      const skipped = ctx.engine.skipped('xml-schema-valid', { messageId: 'notRead', file });
      if (skipped) checks.push(skipped);
    }
  }

  // A message cut short leaves a partial model: its message-end rules would report what is merely unread.
  if (d && message && !pass.fatal) await d.exit('Message:exit');
  if (ctx.options.onReleaseSnapshots && message && !pass.fatal) ctx.options.onReleaseSnapshots(snapshotsOf(message, file, keptAsBytes));

  const summary: MessageSummary = {
    file,
    ern_version: version ?? (pass.root ? versionNameOfNamespace(pass.root.ns) : null),
    root: pass.root?.name ?? null,
    message_id: message?.header.messageId?.value ?? null,
    sender: message?.header.sender?.name ?? message?.header.sender?.partyIds[0] ?? null,
    created: message?.header.createdDateTime?.value ?? null,
    releases: message?.releases.length ?? 0,
    resources: message?.resources.length ?? 0,
    tracks: message ? tracksOf(message) : 0,
    deals: message?.deals.length ?? 0,
    rejected: Boolean(pass.fatal || problem || schemaInvalid),
  };
  if (d && pass.fatal) pushAll(checks, d.findings());
  return { read: { file, message, summary, updates: d?.updates ?? new Set() }, checks, dispatcher: message && !pass.fatal ? d : null };
}

/** The releases' snapshots of a message, or why there are none: a failure here is the history's loss, never the check's. */
function snapshotsOf(message: ErnMessage, file: string, keptAsBytes: boolean): MessageSnapshots {
  if (keptAsBytes) return { file, releases: [], skipped: 'the message is kept as bytes (a catalog-sized message): no snapshot is built' };
  try {
    return { file, releases: releaseSnapshotsOf(message), skipped: null };
  } catch (error) {
    return { file, releases: [], skipped: `the snapshot could not be built: ${(error as Error).message}` };
  }
}

/** Sound recordings and videos of the message, counted by kind without a view of each (a catalog message has hundreds of thousands). */
function tracksOf(message: ErnMessage): number {
  let count = 0;
  for (let i = 0; i < message.resources.length; i++) {
    const kind = kindAt(message.resources, i);
    if (kind === 'SoundRecording' || kind === 'Video') count++;
  }
  return count;
}

function safeFinish(reader: ErnReader, checks: Check[], file: string): ErnMessage | null {
  try {
    return reader.finish();
  } catch (error) {
    checks.push({ stage: 'xml', rule: 'engine-internal', label: 'Engine', status: 'skipped', message: `the ERN reader failed to finish: ${(error as Error).message}`, field: '', line: null, column: null, file, release: null, hint: 'This is a bug in ddex-check, not in the delivery; please report it.' });
    return reader.message;
  }
}

function versionProblem(root: RootInfo, file: string, engine: EngineChecks): Check | null {
  const loc = { line: root.line, column: root.column, path: `/${root.name}` };
  const accepted = SUPPORTED_VERSIONS.slice().reverse().join(', ');
  const version = versionOfNamespace(root.ns);
  if (!(ERN_ROOTS as readonly string[]).includes(root.name)) {
    return engine.finding('xml-version-supported', { messageId: 'notErn', file, loc, data: { root: root.name, ns: root.ns } });
  }
  if (!version) {
    if (!root.ns) return engine.finding('xml-version-supported', { messageId: 'noNamespace', file, loc, data: { root: root.name } });
    const old = oldErnOfNamespace(root.ns);
    if (old) return engine.finding('xml-version-supported', { messageId: 'tooOld', file, loc, data: { flavour: old.flavour, found: old.version, ns: root.ns, accepted } });
    const draft = draftOfNamespace(root.ns);
    if (draft) return engine.finding('xml-version-supported', { messageId: 'draft', file, loc, data: { found: draft.version, draft: draft.draft, ns: root.ns, accepted } });
    const found = versionNameOfNamespace(root.ns);
    if (!found) return engine.finding('xml-version-supported', { messageId: 'notErn', file, loc, data: { root: root.name, ns: root.ns } });
    return engine.finding('xml-version-supported', { messageId: 'unsupported', file, loc, data: { found: `${found} (${root.ns})`, accepted } });
  }
  if (root.name === 'CatalogListMessage') return engine.finding('xml-version-supported', { messageId: 'rootName', file, loc, data: { root: root.name } });
  return null;
}

function schemaChecks(result: SchemaResult, version: string, file: string, ctx: RunContext): Check[] {
  if (result.outcome === 'valid') {
    const pass = ctx.engine.pass('xml-schema-valid', file);
    return pass ? [pass] : [];
  }
  if (result.outcome === 'skipped') {
    const skipped = ctx.engine.skipped('xml-schema-valid', { messageId: 'skipped', file, data: { reason: result.note ?? 'unknown reason', install: skipFix(result.note, version) } });
    return skipped ? [skipped] : [];
  }
  const out: Check[] = [];
  for (const issue of result.issues) {
    const check = ctx.engine.finding('xml-schema-valid', {
      messageId: 'invalid',
      file,
      loc: issue.line ? { line: issue.line, column: issue.column ?? 1, path: issue.path } : issue.path ? { line: 0, column: 0, path: issue.path } : null,
      data: { detail: issue.message, version },
    });
    if (check) out.push(issue.line ? check : { ...check, line: null, column: null });
  }
  if (result.note) {
    const capped = /(\d+) more/.exec(result.note);
    if (capped) {
      const check = ctx.engine.finding('xml-schema-valid', { messageId: 'capped', file, data: { count: capped[1] } });
      if (check) out.push(check);
    }
  }
  return out;
}

/**
 * What to do about a skipped schema validation, by its reason as the validators word it: install
 * a set that is missing, mend one that is there but broken (an import or a type missing:
 * reinstalling in place would keep the stray file), use the compiled validator for a message
 * libxml2 cannot hold, or report a fault of ours.
 */
function skipFix(note: string | undefined, version: string): string {
  if (!note || /\bno XSD set for ERN\b/.test(note)) return installHint(version);
  // The compiled validator's words, then libxml2's.
  if (/could not be compiled|XSD set in .* cannot be used/.test(note)) {
    return `The XSD set for ERN ${version} was found but is broken or incomplete (the reason names the file and line): fix that file, or replace the set with a complete copy ("ddex-check schemas pull ${version}" into an empty folder given to --schemas).`;
  }
  if (/^libxml2 (cannot|could not) validate/.test(note)) return 'Validate with the compiled validator (--schema-engine compiled, the default): it reads the message as a stream, at any size.';
  return 'A fault of ddex-check, not of the message (the other checks ran): please report it with the reason above.';
}

function installHint(version: string): string {
  return `Install the DDEX XSD set for ERN ${version}: run "ddex-check schemas pull ${version}", or pass --schemas DIR / set DDEX_SCHEMAS_DIR to a folder holding ern-${version}/release-notification.xsd.`;
}

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

/**
 * Appends `items` to `target` one by one: `push(...items)` passes every item as an argument, and a
 * catalog message with a few hundred thousand findings (a 1 GB message of 414,621 tracks whose
 * ISRCs repeat) overflowed the call stack ("Maximum call stack size exceeded").
 */
function pushAll<T>(target: T[], items: readonly T[]): void {
  for (let i = 0; i < items.length; i++) target.push(items[i]);
}

/** A reason as the rules' messages take it: they end the sentence themselves (saxes ends some of its own, "disallowed character."). */
function withoutFinalStop(reason: string): string {
  return reason.replace(/\.+$/, '');
}

/**
 * The message read: one message of a delivery in one streaming pass, the ERN reader, the rules'
 * dispatcher and the schema validator listening to the same events; gives the message's model, its
 * summary, the engine's own checks (well-formed, version, schema) and the dispatcher, kept until
 * the media stage has run. Called by the entry (validate.ts) for each message; it calls nothing above.
 */
import type { BatchEntry } from '../batch/index.js';
import { createErnReader, settleModel, wantsRecordStore, type ErnReader } from '../ern/reader.js';
import { tightenHeap } from '../heap-flags.js';
import type { ErnMessage } from '../ern/model.js';
import { kindAt } from '../ern/record-list.js';
import { runMessagePass, type PassResult, type RootInfo } from '../xml/pass.js';
import { CURRENT_VERSION, ERN_ROOTS, SUPPORTED_VERSIONS, draftOfNamespace, oldErnOfNamespace, versionNameOfNamespace, versionOfNamespace } from '../xml/version.js';
import type { SchemaResult, SchemaSession, SchemaValidator } from '../xml/schema-validator.js';
import type { ActiveRule } from '../rules/severity.js';
import { RuleDispatcher } from '../rules/dispatcher.js';
import type { EngineChecks } from '../rules/checks.js';
import type { ReadMessage } from '../report/build.js';
import type { Check, MessageSummary } from '../report/types.js';
import { DEFAULT_PROFILE } from '../profile/default.js';
import type { MessageSnapshots, ValidateOptions } from '../options.js';
import { releaseSnapshotsOf } from '../diff/release-snapshot.js';
import { noteLocalFiles } from '../media/rule-support.js';
import type { MediaAccess } from '../media/types.js';
import { attributeByPath } from '../report/attribute.js';
import { schemaChecks } from './schema-checks.js';
import { pushAll } from './push-all.js';

/** What reading a message needs from the run: the rules on, the engine's own checks, the schema validator, the options. */
export interface RunContext {
  active: ActiveRule[];
  engine: EngineChecks;
  schema: SchemaValidator;
  options: ValidateOptions;
}

export interface MessageRead {
  read: ReadMessage;
  checks: Check[];
  /** Kept until the media stage has run; its checks are collected after `Media:exit`. */
  dispatcher: RuleDispatcher | null;
}

/** Messages below this size keep their reader and dispatcher alive until the next one (`lastSmallRun`). */
const SMALL_RUN_BYTES = 1024 * 1024;

/**
 * The last small message's ERN reader and rule dispatcher, kept until the next small message is
 * read. The rules' handlers and the reader's listeners are closures made for each message, and V8
 * lets a function's optimized code go once no closure holding it is alive. In a thread that waits
 * between messages (the server's engine threads, between dry runs) V8 kept compiling the same
 * functions again, message after message; in a thread that never waits it did not. Measured with
 * DDEX's 75 KB sample, 3,000 dry runs 2 ms apart in one engine thread: 1,023-1,095 compilations
 * without this, 367 with it; through the API, V8's helper threads 1.6-2.0 against 1.1-1.3 ms of CPU
 * a dry run. It holds 1.5 MB at most (a generated message of 1 MB; 0.3 MB for the 75 KB sample).
 */
let lastSmallRun: { reader: ErnReader; dispatcher: RuleDispatcher } | null = null;

/** The reader and dispatcher `lastSmallRun` keeps (tests). */
export function keptSmallRun(): { reader: ErnReader; dispatcher: RuleDispatcher } | null {
  return lastSmallRun;
}

export async function readMessage(entry: BatchEntry, ctx: RunContext): Promise<MessageRead> {
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
  // A message that was not ERN (no reader, no rules) has nothing to keep: the last one stays.
  if (r && d && !keptAsBytes && entry.size < SMALL_RUN_BYTES) lastSmallRun = { reader: r, dispatcher: d };
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
      pushAll(checks, schemaChecks(result, version, file, ctx.engine));
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

/** A reason as the rules' messages take it: they end the sentence themselves (saxes ends some of its own, "disallowed character."). */
function withoutFinalStop(reason: string): string {
  return reason.replace(/\.+$/, '');
}

/**
 * A message's checks once the media stage has run: its rules hear `Media:exit` (unless media are
 * off), then their findings join the engine's own, attributed to releases by path, and the rules'
 * state is let go before the report, the run's peak of memory.
 */
export async function finishMessage(read: MessageRead, media: MediaAccess | null, options: ValidateOptions): Promise<Check[]> {
  if (read.dispatcher && read.read.message) {
    if (options.media !== false) await read.dispatcher.exit('Media:exit', media);
    pushAll(read.checks, read.dispatcher.checks(read.read.message.version));
    read.dispatcher.release();
    // The rules' state (numbers, flags, hashes noted while the message streamed) is let go before the report, the run's peak of memory.
    read.dispatcher = null;
    attributeByPath(read.checks, read.read.message, read.read.file);
    settleModel(read.read.message);
  }
  return read.checks;
}

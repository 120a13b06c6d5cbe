/**
 * What a rule is: a self-describing module. The engine owns severity and the dispatcher; a rule
 * only says what it looks at and reports by message id with placeholders (`{isrc}`).
 */
import type { ClosedElement, Loc, Position } from '../xml/events.js';
import type { LocId, Locations } from '../xml/loc-table.js';
import type { Deal, ErnMessage, ErnVersion, Release, Resource } from '../ern/model.js';
import type { Severity, Stage } from '../report/types.js';
import type { Catalog } from '../catalog/types.js';
import type { Profile } from '../profile/types.js';
import type { MediaAccess } from '../media/types.js';
import type { Batch } from '../batch/types.js';
import { sourceProblems, type RuleSource } from './sources.js';

export type { RuleSource, RuleSourceKind } from './sources.js';

export interface RuleMeta {
  /** Short label shown in reports (`ISRC syntax`). */
  label: string;
  /** One sentence: what the rule checks. */
  description: string;
  /**
   * Where the rule comes from: at least one DDEX clause, standard, store page or service decision
   * (`rules/sources.ts` builds them). A rule without one does not compile, and defineRule refuses it.
   */
  sources: readonly [RuleSource, ...RuleSource[]];
  /** ERN versions it applies to; 'all' for every supported version. */
  versions: readonly ErnVersion[] | 'all';
  /** Message templates by id; placeholders `{name}` are filled from `data`. */
  messages: Record<string, string>;
  /** What to change; one hint for the rule, or one per message id. */
  hint: string | Record<string, string>;
  /** Default severity in `ddex:recommended`; `ddex:strict` raises `warn` to `error`. */
  severity: Exclude<Severity, 'off'>;
  /** Severity in `ddex:strict` when it differs from the rule above. */
  strictSeverity?: Exclude<Severity, 'off'>;
  /** Set when the rule is deprecated; its id stays and points at the replacement. */
  replacedBy?: string[];
  /** What the rule needs beyond the message: without a catalog, a `catalog` rule is left out (no check at all, not a pass). */
  requires?: readonly 'catalog'[];
  /** JSON Schema of the rule's options, when it takes any. */
  optionsSchema?: object;
  /**
   * Off in every preset: run for the stores whose profile names it (`validate(input, {stores})`,
   * `--stores`), when the run itself turns it on (audio measurements, a batch manifest, the
   * server's history), or when a configuration names it.
   */
  storeOnly?: true;
}

/** What `RuleContext.keptList` gives: an array or a list kept as bytes. */
export interface KeptList<T> extends Iterable<T> {
  readonly length: number;
  push(item: T): number;
}

/** Where a finding is: taken from an event (element), a `Located` of the model, or a record's `loc` (a number of the message's `locations`). */
export type FindingLocation = (Position & { path: string }) | LocId;

/** A descriptor whose location is an object already: engine checks and batch rules have no one message's `locations` to read a number from. */
export type PlacedDescriptor = Omit<ReportDescriptor, 'loc'> & { loc?: Loc | null };

/** Line, column and path of a finding's location; a record's `loc` is read from its message's `locations`. */
export function placeOf(loc: FindingLocation | null | undefined, locations: () => Locations): Loc | null {
  if (loc === null || loc === undefined) return null;
  return typeof loc === 'number' ? locations().loc(loc) : loc;
}

export interface ReportDescriptor {
  messageId: string;
  data?: Record<string, string | number | null | undefined>;
  /** Element or model node the finding concerns; message-level findings may omit it. */
  loc?: FindingLocation | null;
  /** Release reference concerned (the dispatcher fills it from the enclosing release when omitted). */
  release?: string | null;
  resource?: string | null;
  /** File concerned when it is not the message itself (a media file inside the batch). */
  file?: string;
  /** Needs a staff decision: flags the release instead of rejecting it. */
  needsStaff?: boolean;
}

export interface RuleContext {
  readonly ruleId: string;
  readonly version: ErnVersion;
  readonly family: '3' | '4';
  /** The model being read; complete in `Message:exit`. */
  readonly message: ErnMessage;
  /** Message file path inside the batch. */
  readonly file: string;
  readonly options: Record<string, unknown>;
  readonly profile: Profile;
  readonly catalog: Catalog | null;
  /** Media facts; set only for `Media:exit` handlers, null when the files are not at hand (lone XML). */
  readonly media: MediaAccess | null;
  /** `ValidateOptions.schemasDir`: where the DDEX XSD sets (and so the allowed value sets) are; see `avs/`. */
  readonly schemasDir?: string | null;
  /** Reference of the release the current element is inside, if any. */
  currentRelease(): string | null;
  report(descriptor: ReportDescriptor): void;
  /** Records that this rule could not check something (a `skipped` check), e.g. media files not at hand. */
  skip(descriptor: ReportDescriptor): void;
  /**
   * A list for what the rule collects while the message streams and reads at its end (plain records:
   * strings, numbers, locations): an array, or for a message whose model is kept as bytes, a list
   * kept as bytes too (`ern/record-store.ts`), read in order.
   */
  keptList<T extends object>(): KeptList<T>;
  /** Says the release already exists on the member (catalog): its outcome is `updated`, not `created`. */
  markUpdate(releaseReference: string): void;
  /**
   * Calls `fn` as each resource record is complete (its element closed), with the record as objects
   * (before a model kept as bytes writes it) and its number in `message.resources`: a check of one
   * record at a time done while the message streams, instead of a sweep at its end that decodes
   * every record of a model kept as bytes again (and runs on one core, when the parse thread's is
   * idle). The rest of the model may be still to come (names, other lists): keep numbers, and
   * report at `Message:exit`, so that a message cut short reports nothing of it.
   */
  onResource(fn: (resource: Resource, n: number) => void): void;
  /**
   * `onResource` for releases: each release record as it closes, with its number in
   * `message.releases`. Its kind may still change at message end (3.x decides kinds from every
   * release), and so may its artists' names (parties listed after it).
   */
  onRelease(fn: (release: Release, n: number) => void): void;
  /** `onResource` for deals: each deal as its ReleaseDeal closes, with its number in `message.deals`. */
  onDeal(fn: (deal: Deal, n: number) => void): void;
}

/**
 * Handler keys:
 * - `'ReleaseId/ICPN'`: called when an element whose path ends with these names closes (text known),
 *   with the location of its start tag.
 * - `'Release:enter'`: called when such an element opens.
 * - `'Message:exit'`: called once at message end, with the model complete (may be async).
 * - `'Media:exit'`: called per message after the batch's media files were inspected (`ctx.media`).
 */
export type RuleHandlers = {
  'Message:exit'?: () => void | Promise<void>;
  'Media:exit'?: () => void | Promise<void>;
  /** Element handlers; `:enter` keys receive the element without its text. */
  [selector: string]: ((el: ClosedElement) => void | Promise<void>) | undefined;
};

/** Context of a batch-level check (files no message references, duplicate UPCs across messages). */
export interface BatchRuleContext {
  readonly ruleId: string;
  readonly batch: Batch;
  readonly messages: readonly { file: string; message: ErnMessage }[];
  readonly media: MediaAccess | null;
  readonly profile: Profile;
  readonly options: Record<string, unknown>;
  report(descriptor: PlacedDescriptor): void;
  /** Records that this rule could not check the batch (a `skipped` check), e.g. a lone message has no batch around it. */
  skip(descriptor: PlacedDescriptor): void;
}

export interface Rule {
  id: string;
  stage: Stage;
  meta: RuleMeta;
  /** Per-message handlers. */
  create?(ctx: RuleContext): RuleHandlers;
  /** Once per batch, after every message and the media were read. */
  checkBatch?(ctx: BatchRuleContext): void | Promise<void>;
}

const RULE_ID = /^[a-z0-9]+(-[a-z0-9]+)+$/;

/** Declares a rule; checks the id and that every hint key names a message. */
export function defineRule(rule: Rule): Rule {
  if (!RULE_ID.test(rule.id)) throw new Error(`rule id "${rule.id}" is not kebab-case <area>-<subject>-<check>`);
  const problems = sourceProblems(rule.meta.sources);
  if (problems.length) throw new Error(`rule ${rule.id}: ${problems.join('; ')}`);
  if (typeof rule.meta.hint === 'object') {
    for (const key of Object.keys(rule.meta.hint)) {
      if (!(key in rule.meta.messages)) throw new Error(`rule ${rule.id}: hint for unknown message id "${key}"`);
    }
  }
  return rule;
}

/** Fills `{name}` placeholders; throws on an unknown message id or an unfilled placeholder (caught by the dispatcher and the tester). */
/**
 * Each template cut at its placeholders once: its texts at even places, the placeholders' names at
 * odd ones (`'ISRC "{isrc}" is…'` is `['ISRC "', 'isrc', '" is…']`). A message with tens of
 * thousands of findings fills the same few templates again and again.
 */
const templateParts = new Map<string, readonly string[]>();

function partsOf(template: string): readonly string[] {
  let parts = templateParts.get(template);
  if (!parts) templateParts.set(template, (parts = template.split(/\{(\w+)\}/)));
  return parts;
}

export function formatMessage(rule: Rule, messageId: string, data: ReportDescriptor['data'] = {}): { message: string; hint: string } {
  const template = rule.meta.messages[messageId];
  if (template === undefined) throw new Error(`rule ${rule.id} reported unknown message id "${messageId}"`);
  const fill = (text: string) => {
    const parts = partsOf(text);
    let filled = parts[0];
    for (let i = 1; i < parts.length; i += 2) {
      const value = data?.[parts[i]];
      if (value === undefined) throw new Error(`rule ${rule.id} message "${messageId}": placeholder {${parts[i]}} not filled`);
      filled += (value === null ? '' : String(value)) + parts[i + 1];
    }
    return filled;
  };
  const hint = typeof rule.meta.hint === 'string' ? rule.meta.hint : (rule.meta.hint[messageId] ?? '');
  return { message: fill(template), hint: fill(hint) };
}

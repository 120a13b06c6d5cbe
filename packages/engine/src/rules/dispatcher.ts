/**
 * Merges every active rule's handlers into one listener of the pass (ESLint-style traversal,
 * but on a stream): handlers are indexed by element name and matched on the path suffix, so each
 * event costs one map lookup. Findings become checks with the location taken at event time; a
 * throwing handler becomes a `skipped` check with its rule id, never a crash.
 */
import type { ClosedElement, OpenElement, XmlListener } from '../xml/events.js';
import type { Deal, ErnMessage, Release, Resource } from '../ern/model.js';
import type { Catalog } from '../catalog/types.js';
import type { Profile } from '../profile/types.js';
import type { MediaAccess } from '../media/types.js';
import type { Check } from '../report/types.js';
import { formatMessage, placeOf, type ReportDescriptor, type Rule, type RuleContext, type RuleHandlers } from './define.js';
import type { ActiveRule } from './severity.js';
import { baseCheck, findingCheck } from './checks.js';
import { familyOf } from '../xml/version.js';
import { keptList as storedList } from '../ern/stored-list.js';

interface Matcher {
  suffix: string;
  absolute: boolean;
  ruleIndex: number;
  fn: (el: ClosedElement | OpenElement) => void;
}

/** The release an element is inside; its reference may be read after the finding (3.x puts ReleaseId first). */
interface ReleaseFrame {
  reference: string | null;
}

const RELEASE_ELEMENTS = new Set(['Release', 'TrackRelease', 'ClipRelease']);

/** A rule's `onResource`, `onRelease` or `onDeal` function; one that failed is not called again. */
interface RecordHook<T> {
  index: number;
  fn: (record: T, n: number) => void;
  failed: boolean;
}

interface PendingCheck {
  check: Check;
  frame: ReleaseFrame | null;
}

export interface DispatcherInit {
  file: string;
  message: () => ErnMessage;
  profile: Profile;
  catalog: Catalog | null;
  /** Folder of XSD sets (`ValidateOptions.schemasDir`), for rules reading allowed value sets. */
  schemasDir?: string | null;
  /** The model's records are kept as bytes: so are the rules' kept lists (`keptList`). */
  recordStore?: boolean;
}

export class RuleDispatcher {
  readonly listener: XmlListener;
  /** Release references the catalog found on the member. */
  readonly updates = new Set<string>();
  private readonly pending: PendingCheck[] = [];
  /** Lists the rules kept as bytes (`keptList`), let go by `release`. */
  private readonly keptLists: { close(): void }[] = [];
  private readonly enter = new Map<string, Matcher[]>();
  private readonly close = new Map<string, Matcher[]>();
  /** The matching handlers of `enter` and `close` by bare path (`matchersOf`). */
  private readonly enterByPath: (Matcher[] | null)[] = [];
  private readonly closeByPath: (Matcher[] | null)[] = [];
  private readonly handlers: RuleHandlers[] = [];
  private readonly found: boolean[] = [];
  private readonly contexts: (RuleContext & { media: MediaAccess | null })[] = [];
  private releaseFrame: ReleaseFrame | null = null;
  /** The message's locations, for a finding placed by a record's `loc` (one function for every finding). */
  private readonly locations = () => this.init.message().locations;
  /** The rules' `onResource`, `onRelease` and `onDeal` functions, in rule order. */
  private readonly resourceHooks: RecordHook<Resource>[] = [];
  private readonly releaseHooks: RecordHook<Release>[] = [];
  private readonly dealHooks: RecordHook<Deal>[] = [];

  constructor(
    private readonly active: readonly ActiveRule[],
    private readonly init: DispatcherInit,
    version: ErnMessage['version'],
  ) {
    active.forEach((entry, index) => {
      const ctx = this.contextFor(entry, index, version);
      this.contexts.push(ctx);
      this.found.push(false);
      let handlers: RuleHandlers = {};
      if (entry.rule.create && appliesTo(entry.rule, version) && hasWhatItNeeds(entry.rule, init)) {
        try {
          handlers = entry.rule.create(ctx);
        } catch (error) {
          this.internalFailure(index, error, null);
        }
      }
      this.handlers.push(handlers);
      for (const [key, fn] of Object.entries(handlers)) {
        if (!fn || key === 'Message:exit' || key === 'Media:exit') continue;
        const isEnter = key.endsWith(':enter');
        const selector = isEnter ? key.slice(0, -':enter'.length) : key;
        const name = selector.slice(selector.lastIndexOf('/') + 1);
        const matcher: Matcher = { suffix: selector.startsWith('/') ? selector : '/' + selector, absolute: selector.startsWith('/'), ruleIndex: index, fn: fn as Matcher['fn'] };
        const table = isEnter ? this.enter : this.close;
        table.set(name, [...(table.get(name) ?? []), matcher]);
      }
    });

    this.listener = {
      name: 'rules',
      onOpen: (el) => {
        if (el.depth === 3 && RELEASE_ELEMENTS.has(el.name)) this.releaseFrame = { reference: null };
        const matchers = this.matchersOf(el, this.enter, this.enterByPath);
        if (matchers !== null) this.run(matchers, el);
      },
      onClose: (el) => {
        if (this.releaseFrame && el.depth === 4 && el.name === 'ReleaseReference' && !this.releaseFrame.reference) this.releaseFrame.reference = el.text;
        const matchers = this.matchersOf(el, this.close, this.closeByPath);
        if (matchers !== null) this.run(matchers, el);
        if (el.depth === 3 && RELEASE_ELEMENTS.has(el.name)) this.releaseFrame = null;
      },
    };
  }

  /** Gives the rules that asked (`onResource`) resource `n`, complete (the reader calls it as each closes). */
  resourceClosed(resource: Resource, n: number): void {
    this.give(this.resourceHooks, resource, n);
  }

  /** Gives the rules that asked (`onRelease`) release `n`, as its element closed. */
  releaseClosed(release: Release, n: number): void {
    this.give(this.releaseHooks, release, n);
  }

  /** Gives the rules that asked (`onDeal`) deal `n`, as its ReleaseDeal closed. */
  dealClosed(deal: Deal, n: number): void {
    this.give(this.dealHooks, deal, n);
  }

  private give<T>(hooks: RecordHook<T>[], record: T, n: number): void {
    for (let i = 0; i < hooks.length; i++) {
      const hook = hooks[i];
      if (hook.failed) continue;
      try {
        hook.fn(record, n);
      } catch (error) {
        // Once: a function failing on every record would report as many times.
        hook.failed = true;
        this.internalFailure(hook.index, error, null);
      }
    }
  }

  /** Runs `Message:exit` (or `Media:exit`) handlers in rule order; awaited one by one. */
  async exit(hook: 'Message:exit' | 'Media:exit', media: MediaAccess | null = null): Promise<void> {
    for (let index = 0; index < this.handlers.length; index++) {
      const fn = this.handlers[index][hook];
      if (!fn) continue;
      this.contexts[index].media = media;
      try {
        await fn();
      } catch (error) {
        this.internalFailure(index, error, null);
      }
    }
  }

  /** Findings made so far, without `pass` checks (for a message that could not be read to its end). */
  findings(): Check[] {
    return this.pending.map(({ check, frame }) => (check.release === null && frame ? { ...check, release: frame.reference } : check));
  }

  /** Lets go of what the rules kept for this message (their lists' pages): their handlers have all run. */
  release(): void {
    for (const list of this.keptLists) list.close();
    this.keptLists.length = 0;
  }

  /** Checks of this message: findings, then one `pass` per applicable rule that found nothing. */
  checks(version: ErnMessage['version'] | null): Check[] {
    const out = this.findings();
    this.active.forEach((entry, index) => {
      if (this.found[index]) return;
      if (version && !appliesTo(entry.rule, version)) return;
      if (!hasWhatItNeeds(entry.rule, this.init)) return;
      if (!entry.rule.create) return;
      out.push(baseCheck(entry, { status: 'pass', message: entry.rule.meta.description, file: this.init.file }));
    });
    return out;
  }

  /**
   * The handlers whose selector matches `el`'s path, null for none: matched by name and path the
   * first time, then kept by the element's bare path (`el.bareId`), since the match depends on
   * nothing else.
   */
  private matchersOf(el: OpenElement, table: Map<string, Matcher[]>, byPath: (Matcher[] | null)[]): Matcher[] | null {
    const id = el.bareId;
    if (id !== undefined) {
      const known = byPath[id];
      if (known !== undefined) return known;
    }
    const named = table.get(el.name);
    const matching = named ? named.filter((m) => (m.absolute ? el.bare === m.suffix : el.bare.endsWith(m.suffix))) : [];
    const found = matching.length > 0 ? matching : null;
    if (id !== undefined) byPath[id] = found;
    return found;
  }

  private run(matchers: Matcher[], el: OpenElement | ClosedElement) {
    for (let i = 0; i < matchers.length; i++) {
      const m = matchers[i];
      try {
        m.fn(el);
      } catch (error) {
        this.internalFailure(m.ruleIndex, error, el);
      }
    }
  }

  private contextFor(entry: ActiveRule, index: number, version: ErnMessage['version']): RuleContext & { media: MediaAccess | null } {
    const dispatcher = this;
    const init = this.init;
    return {
      ruleId: entry.rule.id,
      version,
      family: familyOf(version),
      get message() {
        return init.message();
      },
      file: init.file,
      options: entry.options,
      profile: entry.profile ?? init.profile,
      catalog: init.catalog,
      schemasDir: init.schemasDir ?? null,
      media: null,
      currentRelease: () => dispatcher.releaseFrame?.reference ?? null,
      keptList: <T extends object>() => {
        if (!init.recordStore) return [];
        const list = storedList<T>();
        dispatcher.keptLists.push(list);
        return list;
      },
      markUpdate: (reference) => dispatcher.updates.add(reference),
      onResource: (fn) => {
        dispatcher.resourceHooks.push({ index, fn, failed: false });
      },
      onRelease: (fn) => {
        dispatcher.releaseHooks.push({ index, fn, failed: false });
      },
      onDeal: (fn) => {
        dispatcher.dealHooks.push({ index, fn, failed: false });
      },
      report(descriptor) {
        dispatcher.record(entry, index, descriptor, entry.severity === 'error' ? 'error' : entry.severity === 'warn' ? 'warning' : 'pass');
      },
      skip(descriptor) {
        dispatcher.record(entry, index, descriptor, 'skipped');
      },
    };
  }

  private record(entry: ActiveRule, index: number, descriptor: ReportDescriptor, status: Check['status']) {
    const init = this.init;
    this.found[index] = true;
    const { message, hint } = formatMessage(entry.rule, descriptor.messageId, descriptor.data);
    const place = placeOf(descriptor.loc, this.locations);
    const check = findingCheck(entry, {
      status,
      message,
      hint,
      field: place?.path ?? '',
      line: place?.line ?? null,
      column: place?.column ?? null,
      file: descriptor.file ?? init.file,
      release: descriptor.release ?? null,
      resource: descriptor.resource ?? null,
      message_id: descriptor.messageId,
    });
    if (entry.severity === 'info' && status === 'pass') check.severity = 'info';
    if (descriptor.needsStaff) check.needs_staff = true;
    // Findings without an explicit release take the release being read, resolved later.
    const frame = descriptor.release === undefined && descriptor.loc != null ? this.releaseFrame : null;
    this.pending.push({ check, frame });
  }

  private internalFailure(index: number, error: unknown, el: OpenElement | null) {
    this.found[index] = true;
    const entry = this.active[index];
    this.pending.push({
      check: baseCheck(entry, {
        status: 'skipped',
        message: `rule ${entry.rule.id} failed internally and was skipped: ${(error as Error)?.message ?? String(error)}`,
        hint: 'This is a bug in ddex-check, not in the delivery; please report it with the message.',
        field: el?.path ?? '',
        line: el?.line ?? null,
        column: el?.column ?? null,
        file: this.init.file,
      }),
      frame: null,
    });
  }
}

/** A rule that needs a catalog (with a member) says nothing when the run has none: it was not checked. */
function hasWhatItNeeds(rule: Rule, init: DispatcherInit): boolean {
  return !rule.meta.requires?.includes('catalog') || (init.catalog !== null && init.catalog.memberId !== null);
}

export function appliesTo(rule: Rule, version: ErnMessage['version']): boolean {
  return rule.meta.versions === 'all' || rule.meta.versions.includes(version);
}

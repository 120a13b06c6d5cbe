/**
 * The scope machinery the ERN readers are built on. A scope is "the element we are filling an
 * object for" (a release, a resource, a title, a file...): it has a table of rules keyed by paths
 * relative to the scope's element, and a target object. Events go to the innermost scope only; a
 * rule may open a nested scope (a DisplayArtist inside a release), whose `end` runs when its
 * element closes. Matching is cheap on purpose (one Map lookup on the local name, then a length
 * check and an `endsWith` on the bare path): no regex, no string building per event.
 */
import type { ClosedElement, OpenElement } from '../xml/events.js';
import { LocTable } from '../xml/loc-table.js';

/** What to do when an element at a given relative path opens or closes. */
export interface Rule<T> {
  open?(el: OpenElement, target: T, d: Dispatcher): void;
  close?(el: ClosedElement, target: T, d: Dispatcher): void;
}

/** Rules by relative path, written without leading slash: `ReleaseId/ICPN`. */
export type Rules<T> = Record<string, Rule<T>>;

interface Entry<T> {
  /** `/ReleaseId/ICPN`: compared against the end of the element's bare path. */
  rel: string;
  rule: Rule<T>;
}

/** Rules indexed by the local name of the element they match (the last path segment). */
export class Table<T> {
  readonly byName = new Map<string, Entry<T>[]>();

  constructor(...parts: Rules<T>[]) {
    for (const rules of parts) {
      for (const key of Object.keys(rules)) {
        const rel = '/' + key;
        const name = rel.slice(rel.lastIndexOf('/') + 1);
        const list = this.byName.get(name);
        const entry = { rel, rule: rules[key] };
        if (list) list.push(entry);
        else this.byName.set(name, [entry]);
      }
    }
  }
}

interface Scope {
  /** Length of the bare path of the scope's element. */
  base: number;
  depth: number;
  table: Table<any>;
  target: unknown;
  end: ((target: any, el: ClosedElement) => void) | null;
}

/** Prefixes every key of a rule set (`ReleaseId/` + `ICPN`), to reuse a building block at another place. */
export function under<T>(prefix: string, rules: Rules<T>): Rules<T> {
  const out: Rules<T> = {};
  for (const key of Object.keys(rules)) out[prefix + '/' + key] = rules[key];
  return out;
}

/** Adapts a rule set on a part of a target (`release.ids`) to the target itself. */
export function focus<T, U>(rules: Rules<U>, part: (target: T) => U): Rules<T> {
  const out: Rules<T> = {};
  for (const key of Object.keys(rules)) {
    const { open, close } = rules[key];
    out[key] = {
      open: open ? (el, t, d) => open(el, part(t), d) : undefined,
      close: close ? (el, t, d) => close(el, part(t), d) : undefined,
    };
  }
  return out;
}

export class Dispatcher {
  private readonly stack: Scope[] = [];
  private readonly opens = memo();
  private readonly closes = memo();

  /** The outermost scope is the root element (depth 1); `locations`: where the records' `loc` numbers go (`locOf`). */
  constructor(
    rootBareLength: number,
    table: Table<any>,
    target: unknown,
    readonly locations: LocTable = new LocTable(),
  ) {
    this.stack.push({ base: rootBareLength, depth: 1, table, target, end: null });
  }

  /** Opens a nested scope on `el` (call from an `open` rule). `end` runs when `el` closes. */
  push<T>(el: OpenElement, table: Table<T>, target: T, end?: (target: T, el: ClosedElement) => void): void {
    this.stack.push({ base: el.bare.length, depth: el.depth, table, target, end: end ?? null });
  }

  onOpen(el: OpenElement): void {
    const scope = this.stack[this.stack.length - 1];
    if (!scope || el.depth <= scope.depth) return;
    const rule = this.ruleFor(el, scope, this.opens, true);
    if (rule) rule.open!(el, scope.target, this);
  }

  onClose(el: ClosedElement): void {
    let scope = this.stack[this.stack.length - 1];
    if (!scope) return;
    if (el.depth === scope.depth) {
      // The scope's own element: close the scope, then let the enclosing scope see the element too.
      this.stack.pop();
      if (scope.end) scope.end(scope.target, el);
      scope = this.stack[this.stack.length - 1];
      if (!scope) return;
    }
    if (el.depth <= scope.depth) return;
    const rule = this.ruleFor(el, scope, this.closes, false);
    if (rule) rule.close!(el, scope.target, this);
  }

  /**
   * The rule of `scope`'s table for `el` (its `open` or its `close`): found by name and relative
   * path the first time, then kept by the element's bare path (`el.bareId`) with the table and base
   * it was found for. Which rule matches depends on nothing else, and a message repeats its paths
   * in every record: two compares instead of a map lookup and a string compare per element.
   */
  private ruleFor(el: OpenElement, scope: Scope, memo: Memo, open: boolean): Rule<unknown> | null {
    const id = el.bareId;
    if (id !== undefined && memo.table[id] === scope.table && memo.base[id] === scope.base) return memo.rule[id];
    let found: Rule<unknown> | null = null;
    const entries = scope.table.byName.get(el.name);
    if (entries) {
      for (const { rel, rule } of entries) {
        if ((open ? rule.open : rule.close) && el.bare.length === scope.base + rel.length && el.bare.endsWith(rel)) {
          found = rule;
          break;
        }
      }
    }
    if (id !== undefined) {
      memo.table[id] = scope.table;
      memo.base[id] = scope.base;
      memo.rule[id] = found;
    }
    return found;
  }
}

/** What `ruleFor` found per bare path, in arrays by `bareId`. */
interface Memo {
  table: (Table<any> | undefined)[];
  base: number[];
  rule: (Rule<unknown> | null)[];
}

const memo = (): Memo => ({ table: [], base: [], rule: [] });

/**
 * Validates one message on the events of the streaming pass against a compiled XSD set. State is
 * one frame per open element (plus the ID values seen and the IDREFs not yet resolved), so memory
 * follows element depth, not message size. Every error is kept, each with line, column and path.
 */
import type { SchemaIssue, SchemaResult } from '../xml/schema-validator.js';
import type { ClosedElement, OpenElement, XmlListener } from '../xml/events.js';
import type { CompiledSet, ComplexTypeDef, TypeDef, Wildcard } from './compiled-set.js';
import { ANY_TYPE_ID } from './compiled-set.js';
import { describeExpected, keyLabel } from './expected-names.js';
import { IdentityTracker } from './identity-tracker.js';
import type { SimpleChecker } from './simple-check.js';
import { expandedName } from './xsd-tree.js';

const XML_NS = 'http://www.w3.org/XML/1998/namespace';
/** Attributes of the XML Schema instance namespace, allowed everywhere. */
const XSI_LOCALS = new Set(['schemaLocation', 'noNamespaceSchemaLocation', 'type', 'nil']);
/** Text kept per simple-content element; beyond it the value is checked truncated (no DDEX leaf comes near). */
const MAX_SIMPLE_TEXT = 8 * 1024 * 1024;
export const MAX_ISSUES = 1000;

interface Frame {
  /** null: not validated (unknown element below an error, or a skipped wildcard). */
  type: TypeDef | null;
  typeId: number;
  state: number;
  /** A content-model error was already reported for this element: no cascade. */
  broken: boolean;
  strayText: boolean;
  text: string;
}

export interface SessionOptions {
  /** Check xs:ID uniqueness and xs:IDREF resolution (libxml2 does not for element content). */
  identityConstraints: boolean;
}

export class ValidationSession {
  readonly listener: XmlListener;
  private readonly stack: Frame[] = [];
  private readonly issues: SchemaIssue[] = [];
  private issueCount = 0;
  private readonly identity: IdentityTracker | null;
  private readonly declarationsByKey = new Map<ComplexTypeDef, Map<string, number>>();
  private readonly requiredAttributes = new Map<ComplexTypeDef, string[]>();
  private readonly transitionMaps: Map<ComplexTypeDef, Map<string, [number, number]>[]>;

  constructor(private readonly set: CompiledSet, private readonly checker: SimpleChecker, options: SessionOptions) {
    this.transitionMaps = sharedTransitionMaps(set);
    this.identity = options.identityConstraints ? new IdentityTracker((issue) => this.report(issue)) : null;
    this.listener = {
      name: 'xml-schema (compiled)',
      onOpen: (el) => this.open(el),
      onText: (text) => this.text(text),
      onClose: (el) => this.close(el),
    };
  }

  private report(issue: SchemaIssue): void {
    this.issueCount++;
    if (this.issues.length < MAX_ISSUES) this.issues.push(issue);
  }

  private at(el: OpenElement, message: string): void {
    this.report({ message, line: el.line, column: el.column, path: el.path });
  }

  private open(el: OpenElement): void {
    const key = expandedName(el.ns, el.name);
    let typeId: number | null;
    if (this.stack.length === 0) {
      typeId = this.set.roots[key] ?? null;
      if (typeId === null) {
        const declared = Object.keys(this.set.roots).map(keyLabel);
        this.at(el, `Root element ${keyLabel(key)} is not declared by the schema (expected ${describeExpected(declared)})`);
      }
    } else {
      typeId = this.childType(this.stack[this.stack.length - 1]!, el, key);
    }
    const type = typeId === null ? null : this.set.types[typeId]!;
    if (type) this.checkAttributes(type, el);
    this.stack.push({ type, typeId: typeId ?? -1, state: 0, broken: false, strayText: false, text: '' });
  }

  /** Moves the parent's automaton on this child and returns the child's type, reporting what was expected. */
  private childType(parent: Frame, el: OpenElement, key: string): number | null {
    const type = parent.type;
    if (!type) return null;
    if (type.kind === 'simple' || type.content === 'simple' || type.content === 'empty') {
      if (!parent.broken) {
        parent.broken = true;
        const what = type.kind === 'complex' && type.content === 'empty' ? 'must be empty' : `holds text only (${type.name})`;
        this.at(el, `Element ${el.name} is not allowed here: its parent ${parentName(el)} ${what}`);
      }
      return null;
    }
    const state = type.automaton![parent.state]!;
    if (!parent.broken) {
      const step = this.transitions(type)[parent.state]!.get(key);
      if (step) {
        parent.state = step[0];
        return step[1];
      }
      for (const [wildcard, next] of state.any ?? []) {
        if (!wildcardAllows(wildcard, el.ns)) continue;
        parent.state = next;
        if (wildcard.process === 'skip') return null;
        const global = this.set.roots[key];
        if (global !== undefined) return global;
        if (wildcard.process === 'strict') this.at(el, `Element ${keyLabel(key)} has no global declaration (required by a strict wildcard)`);
        return wildcard.process === 'lax' ? ANY_TYPE_ID : null;
      }
      parent.broken = true;
      const expected = [...Object.keys(state.next).map(keyLabel), ...(state.any ?? []).map(([w]) => wildcardLabel(w))];
      this.at(
        el,
        expected.length === 0
          ? `Element ${keyLabel(key)} is not allowed here: ${parentName(el)} allows no further child elements`
          : `Unexpected element in ${parentName(el)}: expected ${describeExpected(expected)}, found ${keyLabel(key)}`,
      );
    }
    // After an error, keep validating the subtree with whatever declaration of that name the parent has.
    return this.anyDeclaration(type, key);
  }

  /** The automaton's named transitions as Maps (JSON objects with many keys are slow to index). */
  private transitions(type: ComplexTypeDef): Map<string, [number, number]>[] {
    let maps = this.transitionMaps.get(type);
    if (!maps) {
      maps = type.automaton!.map((state) => new Map(Object.entries(state.next)));
      this.transitionMaps.set(type, maps);
    }
    return maps;
  }

  private anyDeclaration(type: ComplexTypeDef, key: string): number | null {
    let byKey = this.declarationsByKey.get(type);
    if (!byKey) {
      byKey = new Map();
      for (const state of type.automaton ?? []) for (const [k, [, t]] of Object.entries(state.next)) byKey.set(k, t);
      this.declarationsByKey.set(type, byKey);
    }
    return byKey.get(key) ?? null;
  }

  private checkAttributes(type: TypeDef, el: OpenElement): void {
    const declared = type.kind === 'complex' ? type.attributes : null;
    for (const name in el.attrs) {
      const value = el.attrs[name]!;
      let key = name;
      let ns = '';
      const colon = name.indexOf(':');
      if (colon > 0) {
        const prefix = name.slice(0, colon);
        const local = name.slice(colon + 1);
        if (prefix === 'xml') {
          ns = XML_NS;
          key = `{${XML_NS}}${local}`;
        } else if (XSI_LOCALS.has(local)) {
          if (local === 'nil') this.at(el, `Element ${el.name} is not nillable (attribute ${name})`);
          continue;
        } else ns = `prefix ${prefix}`; // namespace not carried by the event; matches no declaration
      }
      const use = declared?.[key];
      if (!use) {
        const wildcard = type.kind === 'complex' ? type.anyAttribute : undefined;
        if (wildcard && wildcardAllows(wildcard, ns)) continue;
        const allowed = declared ? Object.keys(declared).map(keyLabel) : [];
        this.at(el, `Attribute ${name} is not allowed on ${el.name}${allowed.length ? ` (allowed: ${allowed.join(', ')})` : ''}`);
        continue;
      }
      const why = this.checker.check(use.type)(value);
      if (why) this.at(el, `Attribute ${name} of ${el.name}: ${why}`);
      else if (use.fixed !== undefined && value !== use.fixed) this.at(el, `Attribute ${name} of ${el.name} must be '${use.fixed}', found '${value}'`);
      else if (this.identity) this.identity.value(this.checker.builtinOf(use.type), value, el);
    }
    if (declared) {
      for (const required of this.requiredOf(type as ComplexTypeDef)) {
        if (!(required in el.attrs)) this.at(el, `Element ${el.name} is missing its required attribute ${keyLabel(required)}`);
      }
    }
  }

  private requiredOf(type: ComplexTypeDef): string[] {
    let list = this.requiredAttributes.get(type);
    if (!list) {
      list = Object.entries(type.attributes).filter(([, u]) => u.required).map(([k]) => k);
      this.requiredAttributes.set(type, list);
    }
    return list;
  }

  private text(text: string): void {
    const frame = this.stack[this.stack.length - 1];
    if (!frame || !frame.type) return;
    const type = frame.type;
    if (type.kind === 'simple' || type.content === 'simple') {
      if (frame.text.length < MAX_SIMPLE_TEXT) frame.text += text;
    } else if (type.content !== 'mixed' && !frame.strayText && /[^ \t\r\n]/.test(text)) {
      frame.strayText = true;
      frame.text = text.trim().slice(0, 40);
    }
  }

  private close(el: ClosedElement): void {
    const frame = this.stack.pop();
    if (!frame || !frame.type) return;
    const type = frame.type;
    const simpleType = type.kind === 'simple' ? frame.typeId : type.content === 'simple' ? type.simpleType! : -1;
    if (simpleType >= 0) {
      const why = this.checker.check(simpleType)(frame.text);
      if (why) this.at(el, `Element ${el.name}: ${why}`);
      else if (this.identity) this.identity.value(this.checker.builtinOf(simpleType), frame.text, el);
      return;
    }
    if (type.kind !== 'complex') return;
    if (frame.strayText) {
      const kind = type.content === 'empty' ? 'must be empty' : 'holds elements only';
      this.at(el, `Element ${el.name} ${kind}, found text '${frame.text}'`);
    }
    if (!frame.broken && type.automaton && !type.automaton[frame.state]!.final) {
      const state = type.automaton[frame.state]!;
      const expected = [...Object.keys(state.next).map(keyLabel), ...(state.any ?? []).map(([w]) => wildcardLabel(w))];
      this.at(el, `Element ${el.name} is incomplete: expected ${describeExpected(expected)}, found the end of ${el.name}`);
    }
  }

  finish(): SchemaResult {
    this.identity?.finish();
    const issues = this.issues;
    const result: SchemaResult = { outcome: this.issueCount > 0 ? 'invalid' : 'valid', issues };
    if (this.issueCount > issues.length) result.note = `${this.issueCount} schema errors, the first ${issues.length} listed`;
    return result;
  }
}

const transitionMapsBySet = new WeakMap<CompiledSet, Map<ComplexTypeDef, Map<string, [number, number]>[]>>();

/** Transition maps are built once per compiled set and shared by its sessions. */
function sharedTransitionMaps(set: CompiledSet): Map<ComplexTypeDef, Map<string, [number, number]>[]> {
  let maps = transitionMapsBySet.get(set);
  if (!maps) {
    maps = new Map();
    transitionMapsBySet.set(set, maps);
  }
  return maps;
}

function parentName(el: OpenElement): string {
  const parts = el.bare.split('/');
  return parts[parts.length - 2] ?? '';
}

function wildcardAllows(w: Wildcard, ns: string): boolean {
  if (w.mode === 'any') return true;
  if (w.mode === 'other') return ns !== w.target && ns !== '';
  return w.namespaces.includes(ns);
}

function wildcardLabel(w: Wildcard): string {
  if (w.mode === 'any') return 'any element';
  if (w.mode === 'other') return `any element not in ${w.target || 'no namespace'}`;
  return `any element in ${w.namespaces.map((n) => n || 'no namespace').join(' or ')}`;
}

/**
 * Validates one message on the events of the streaming pass against a compiled XSD set. State is
 * one frame per open element (plus the ID values seen and the IDREFs not yet resolved), so memory
 * follows element depth, not message size. Every error is kept, each with line, column and path.
 */
import type { SchemaIssue, SchemaResult } from '../xml/schema-result.js';
import { isXmlWhitespace, type ClosedElement, type OpenElement, type XmlListener } from '../xml/events.js';
import type { CompiledSet, Wildcard } from './compiled-set.js';
import { ANY_TYPE_ID } from './compiled-set.js';
import { describeExpected, keyLabel } from './expected-names.js';
import { IdentityTracker } from './identity-tracker.js';
import { anyDeclaration, Content, PreparedTypes, type PreparedType } from './prepared-types.js';
import type { SimpleChecker } from './simple-check.js';
import { attributeNamespace, declare, hasQualifiedNames, instanceType, isDeclaration, ROOT_SCOPE, XSI_NS, type Scope } from './instance-names.js';
import { expandedName } from './xsd-tree.js';

/** Attributes of the XML Schema instance namespace, allowed everywhere (xsi:nil is checked apart). */
const XSI_LOCALS = new Set(['schemaLocation', 'noNamespaceSchemaLocation', 'type']);
/** Text kept per simple-content element; beyond it the value is checked truncated (no DDEX leaf comes near). */
const MAX_SIMPLE_TEXT = 8 * 1024 * 1024;
export const MAX_ISSUES = 1000;

interface Frame {
  /** null: not validated (unknown element below an error, or a skipped wildcard). */
  type: PreparedType | null;
  state: number;
  /** A content-model error was already reported for this element: no cascade. */
  broken: boolean;
  strayText: boolean;
  text: string;
  /** Namespace prefixes in scope: the parent's unless the element declares some. */
  scope: Scope;
}

export interface SessionOptions {
  /** Check xs:ID uniqueness and xs:IDREF resolution (libxml2 does not for element content). */
  identityConstraints: boolean;
}

export class ValidationSession {
  readonly listener: XmlListener;
  /** Frames are reused by depth (no allocation per element); `depth` of them are in use. */
  private readonly frames: Frame[] = [];
  private depth = 0;
  private readonly issues: SchemaIssue[] = [];
  private issueCount = 0;
  private readonly identity: IdentityTracker | null;
  private readonly types: PreparedTypes;

  constructor(private readonly set: CompiledSet, checker: SimpleChecker, options: SessionOptions) {
    this.types = new PreparedTypes(set, checker);
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
    const key = el.ns === '' ? el.name : expandedName(el.ns, el.name);
    let typeId: number | null;
    const parent = this.depth > 0 ? this.frames[this.depth - 1]! : undefined;
    if (parent === undefined) {
      typeId = this.set.roots[key] ?? null;
      if (typeId === null) {
        const declared = Object.keys(this.set.roots).map(keyLabel);
        this.at(el, `Root element ${keyLabel(key)} is not declared by the schema (expected ${describeExpected(declared)})`);
      }
    } else {
      typeId = parent.type === null ? null : this.childType(parent, parent.type, el, key);
    }
    let type = typeId === null ? null : this.types.get(typeId);
    let scope = parent === undefined ? ROOT_SCOPE : parent.scope;
    // Declarations and prefixed attributes (a root's xsi:schemaLocation) take the slow path; other elements cost one loop over their attribute names.
    if (hasQualifiedNames(el.attrs)) {
      scope = declare(scope, el.attrs);
      if (typeId !== null) type = this.instanceType(el, typeId, type!, scope);
      if (type !== null) this.checkQualifiedAttributes(type, el, scope);
    } else if (type !== null) this.checkAttributes(type, el);
    const frame = this.frames[this.depth];
    if (frame === undefined) this.frames.push({ type, state: 0, broken: false, strayText: false, text: '', scope });
    else {
      frame.type = type;
      frame.state = 0;
      frame.broken = false;
      frame.strayText = false;
      frame.text = '';
      frame.scope = scope;
    }
    this.depth++;
  }

  /** Moves the parent's automaton on this child and returns the child's type, reporting what was expected. */
  private childType(parent: Frame, type: PreparedType, el: OpenElement, key: string): number | null {
    if (type.next === null) {
      if (!parent.broken) {
        parent.broken = true;
        const what = type.content === Content.Empty ? 'must be empty' : `holds text only (${type.def.name})`;
        this.at(el, `Element ${el.name} is not allowed here: its parent ${parentName(el)} ${what}`);
      }
      return null;
    }
    if (!parent.broken) {
      const at = parent.state;
      let step = type.lastKey![at] === key ? type.lastStep![at] : undefined;
      if (step === undefined) {
        step = type.next[at]!.get(key);
        if (step !== undefined) {
          type.lastKey![at] = key;
          type.lastStep![at] = step;
        }
      }
      if (step !== undefined) {
        parent.state = step[0];
        return step[1];
      }
      const state = type.states![parent.state]!;
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
    return anyDeclaration(type, key);
  }

  /** The common case: attributes in no namespace, no declarations. */
  private checkAttributes(type: PreparedType, el: OpenElement): void {
    for (const name in el.attrs) this.checkAttribute(type, el, name, name, '');
    for (const required of type.required) {
      if (!(required in el.attrs)) this.at(el, `Element ${el.name} is missing its required attribute ${keyLabel(required)}`);
    }
  }

  /** Attributes named by namespace: the prefix's binding in `scope` decides, declarations are skipped. */
  private checkQualifiedAttributes(type: PreparedType, el: OpenElement, scope: Scope): void {
    const present = new Set<string>();
    for (const name in el.attrs) {
      const colon = name.indexOf(':');
      if (colon < 0) {
        if (name === 'xmlns') continue;
        present.add(name);
        this.checkAttribute(type, el, name, name, '');
        continue;
      }
      if (isDeclaration(name)) continue;
      const ns = attributeNamespace(name, colon, scope);
      const local = name.slice(colon + 1);
      if (ns === XSI_NS && local === 'nil') this.at(el, `Element ${el.name} is not nillable (attribute ${name})`);
      else if (ns !== XSI_NS || !XSI_LOCALS.has(local)) {
        const key = expandedName(ns, local);
        present.add(key);
        this.checkAttribute(type, el, name, key, ns);
      }
    }
    for (const required of type.required) {
      if (!present.has(required)) this.at(el, `Element ${el.name} is missing its required attribute ${keyLabel(required)}`);
    }
  }

  /** One attribute (`name` as written, `key` its expanded name, `ns` its namespace) against the type's declarations. */
  private checkAttribute(type: PreparedType, el: OpenElement, name: string, key: string, ns: string): void {
    const declared = type.attributes;
    const value = el.attrs[name]!;
    const use = declared === null ? undefined : declared[key];
    if (use === undefined) {
      if (type.anyAttribute && wildcardAllows(type.anyAttribute, ns)) return;
      const allowed = declared ? Object.keys(declared).map(keyLabel) : [];
      const what = key === name ? name : `${name} (namespace ${ns})`;
      this.at(el, `Attribute ${what} is not allowed on ${el.name}${allowed.length ? ` (allowed: ${allowed.join(', ')})` : ''}`);
      return;
    }
    const attrType = this.types.get(use.type);
    const why = attrType.check!(value);
    if (why) this.at(el, `Attribute ${name} of ${el.name}: ${why}`);
    else if (use.fixed !== undefined && value !== use.fixed) this.at(el, `Attribute ${name} of ${el.name} must be '${use.fixed}', found '${value}'`);
    else if (this.identity !== null && attrType.builtin !== '') this.identity.value(attrType.builtin, value, el);
  }

  /**
   * The type the element is validated against: the declared one, or the one its xsi:type names
   * (whatever prefix is bound to the XSI namespace). A wrong xsi:type is reported and the declared
   * type kept, so the element's content is still checked.
   */
  private instanceType(el: OpenElement, declared: number, type: PreparedType, scope: Scope): PreparedType {
    for (const name in el.attrs) {
      const colon = name.indexOf(':');
      if (colon < 0 || name.slice(colon + 1) !== 'type' || isDeclaration(name) || attributeNamespace(name, colon, scope) !== XSI_NS) continue;
      const found = instanceType(this.set, scope, el.attrs[name]!, declared);
      if ('error' in found) {
        this.at(el, `Attribute ${name} of ${el.name}: ${found.error}`);
        return type;
      }
      return this.types.get(found.typeId);
    }
    return type;
  }

  private text(text: string): void {
    if (this.depth === 0) return;
    const frame = this.frames[this.depth - 1]!;
    if (frame.type === null) return;
    const content = frame.type.content;
    if (content === Content.Text) {
      if (frame.text.length < MAX_SIMPLE_TEXT) frame.text += text;
    } else if (content !== Content.Mixed && !frame.strayText && (content === Content.Empty ? text.length > 0 : !isXmlWhitespace(text))) {
      // Element-only content may hold whitespace; empty content holds nothing at all (as libxml2).
      frame.strayText = true;
      frame.text = text.trim().slice(0, 40);
    }
  }

  private close(el: ClosedElement): void {
    if (this.depth === 0) return;
    const frame = this.frames[--this.depth]!;
    if (frame.type === null) return;
    const type = frame.type;
    if (type.content === Content.Text) {
      const why = type.check!(frame.text);
      if (why) this.at(el, `Element ${el.name}: ${why}`);
      else if (this.identity !== null && type.builtin !== '') this.identity.value(type.builtin, frame.text, el);
      return;
    }
    if (frame.strayText) {
      const kind = type.content === Content.Empty ? 'must be empty' : 'holds elements only';
      this.at(el, `Element ${el.name} ${kind}, found ${frame.text ? `text '${frame.text}'` : 'whitespace'}`);
    }
    if (!frame.broken && type.states !== null && !type.states[frame.state]!.final) {
      const state = type.states[frame.state]!;
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

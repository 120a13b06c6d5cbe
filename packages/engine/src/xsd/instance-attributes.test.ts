/**
 * Table tests of issue 49's three gaps on every ERN version's XSD set, each case's verdict also
 * checked against native xmllint (libxml2 2.9.14 here; CI installs it):
 * 1. the XSI attributes are known by their namespace, not their prefix;
 * 2. xsi:type is resolved, checked for derivation, and the element validated against it;
 * 3. durations with huge components, at native libxml2's 64-bit limits.
 */
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SCHEMAS_DIR } from '../test-support.js';
import { SchemaStore } from '../xml/schema-store.js';
import { loadCompiledSet } from './compiled-cache.js';
import type { CompiledSet } from './compiled-set.js';
import { CompiledValidator } from './compiled-validator.js';
import { XSI_NS } from './instance-names.js';
import { hasNativeXmllint, nativeVerdicts, type Verdict } from './__tests__/libxml2-verdicts.js';
import { validateWithPass } from './__tests__/run-compiled.js';
import { ERN_VERSIONS, versionBases, type VersionBase } from './__tests__/version-bases.js';
import { XS_NS } from './xsd-tree.js';

const strict = new CompiledValidator({ cacheDir: null, identityConstraints: false });
const store = new SchemaStore({ dir: SCHEMAS_DIR });
const XS = `xmlns:xs="${XS_NS}"`;

interface Case {
  name: string;
  text: string;
  expected: Verdict;
}

/** The message with its first MessageId's start tag given `attrs` (and its text `value`, when given). */
function messageId(text: string, attrs: string, value?: string): string {
  return text.replace(/<MessageId>([^<]*)<\/MessageId>/, (_m, old: string) => `<MessageId ${attrs}>${value ?? old}</MessageId>`);
}

/** The message with its root's XSI declarations (whatever their prefix) and attributes replaced by `attrs`. */
function rootXsi(text: string, attrs: string): string {
  const root = /<((?:\w+:)?\w+Message)\b([^>]*)>/;
  expect(text).toMatch(root);
  return text.replace(root, (_m, name: string, own: string) => {
    let kept = own;
    for (const [, prefix] of own.matchAll(new RegExp(`xmlns:(\\w+)\\s*=\\s*["']${XSI_NS}["']`, 'g'))) {
      kept = kept.replace(new RegExp(`\\s+(?:xmlns:)?${prefix}(?::\\w+)?\\s*=\\s*("[^"]*"|'[^']*')`, 'g'), '');
    }
    return `<${name}${kept} ${attrs}>`;
  });
}

const expandedOf = (set: CompiledSet, id: number) => Object.entries(set.typeNames).find(([, t]) => t === id)![0];
const splitName = (expanded: string) => /^\{([^}]*)\}(.*)$/.exec(expanded)!.slice(1) as [string, string];

/** A named simple type restricting xs:string by an enumeration, and a named complex type extending xs:string with an optional attribute. */
function typesOf(set: CompiledSet) {
  const string = set.typeNames[`{${XS_NS}}string`]!;
  const named = Object.values(set.typeNames);
  const enumId = named.find((id) => {
    const def = set.types[id]!;
    return def.kind === 'simple' && def.base === string && (def.enumeration?.length ?? 0) > 0 && !def.patterns;
  });
  let extension: { id: number; attribute: string } | undefined;
  for (const id of named) {
    const def = set.types[id]!;
    if (def.kind !== 'complex' || def.content !== 'simple' || def.base !== string || def.method !== 'extension') continue;
    if (Object.values(def.attributes).some((u) => u.required)) continue;
    const attribute = Object.keys(def.attributes).find((k) => !k.startsWith('{') && ['xs:string', 'xs:boolean'].includes(set.types[def.attributes[k]!.type]!.name));
    if (attribute) {
      extension = { id, attribute };
      break;
    }
  }
  return { enumId, extension };
}

/** Native libxml2's duration limits (builtin-types.ts), each edge on both sides. */
const DURATIONS: [string, Verdict][] = [
  ['P768614336404564650Y', 'valid'], ['P768614336404564651Y', 'invalid'], ['-P768614336404564650Y', 'valid'], ['P99999999999999999999Y', 'invalid'],
  ['P768614336404564650Y7M', 'valid'], ['P768614336404564650Y8M', 'invalid'], ['P9223372036854775807M', 'valid'], ['P9223372036854775808M', 'invalid'],
  ['P9223372036854775807D', 'valid'], ['P9223372036854775808D', 'invalid'], ['P9223372036854775807DT23H59M59S', 'valid'], ['P9223372036854775807DT23H59M60S', 'invalid'],
  ['PT9223372036854775807H', 'valid'], ['PT9223372036854775808H', 'invalid'], ['PT9223372036854775807M', 'valid'], ['PT9223372036854775808M', 'invalid'],
  ['PT9223372036854775807S', 'valid'], ['PT9223372036854775808S', 'invalid'], ['PT99999999999999999999S', 'invalid'],
  ['PT9223372036854775807.99999999999999999999S', 'valid'], ['P0000000000000000000000000001Y', 'valid'],
];

function casesOf(version: string, set: CompiledSet, text: string): Case[] {
  const loc = `${set.targetNamespace} ${set.targetNamespace}/release-notification.xsd`;
  const cases: Case[] = [
    // 1. The XSI namespace decides, not the prefix.
    { name: 'xsi bound to the XSI namespace, schemaLocation', text: rootXsi(text, `xmlns:xsi="${XSI_NS}" xsi:schemaLocation="${loc}"`), expected: 'valid' },
    { name: 'xsi bound to …-instance-x, schemaLocation', text: rootXsi(text, `xmlns:xsi="${XSI_NS}-x" xsi:schemaLocation="${loc}"`), expected: 'invalid' },
    { name: 'xsi bound to …-instance-x, noNamespaceSchemaLocation', text: rootXsi(text, `xmlns:xsi="${XSI_NS}-x" xsi:noNamespaceSchemaLocation="a.xsd"`), expected: 'invalid' },
    { name: 'xsi bound to urn:other, type', text: rootXsi(text, `xmlns:xsi="urn:other" xsi:type="Bogus"`), expected: 'invalid' },
    { name: 'another prefix bound to XSI, schemaLocation', text: rootXsi(text, `xmlns:i="${XSI_NS}" i:schemaLocation="${loc}"`), expected: 'valid' },
    { name: 'another prefix bound to XSI, type xs:string', text: messageId(text, `${XS} xmlns:i="${XSI_NS}" i:type="xs:string"`), expected: 'valid' },
    { name: 'another prefix bound to XSI, type xs:int', text: messageId(text, `${XS} xmlns:i="${XSI_NS}" i:type="xs:int"`), expected: 'invalid' },
    { name: 'xsi redeclared on a child to urn:other', text: messageId(rootXsi(text, `xmlns:xsi="${XSI_NS}"`), `xmlns:xsi="urn:other" xsi:type="xs:string" ${XS}`), expected: 'invalid' },
    { name: 'an unknown attribute of the XSI namespace', text: messageId(text, `xmlns:xsi="${XSI_NS}" xsi:foo="1"`), expected: 'invalid' },
    { name: 'schemaLocation on a child, odd tokens', text: messageId(text, `xmlns:xsi="${XSI_NS}" xsi:schemaLocation="a b c"`), expected: 'valid' },
    // 2. xsi:type: resolved, derivation checked, validated against.
    ...([
      ['xs:string', 'valid'], ['xs:token', 'valid'], ['xs:normalizedString', 'valid'], ['xs:int', 'invalid'], ['xs:anySimpleType', 'invalid'],
      ['xs:anyType', 'invalid'], ['xs:NMTOKENS', 'invalid'], ['Bogus', 'invalid'], ['string', 'invalid'], ['undeclared:string', 'invalid'],
      ['xs:', 'invalid'], ['', 'invalid'], [' xs:string ', 'invalid'], ['xs:Bogus', 'invalid'],
    ] as const).map(([type, expected]): Case => ({ name: `MessageId xsi:type '${type}'`, text: messageId(text, `${XS} xmlns:xsi="${XSI_NS}" xsi:type="${type}"`), expected })),
    { name: 'MessageId xsi:type xs:token, value with inner double blank', text: messageId(text, `${XS} xmlns:xsi="${XSI_NS}" xsi:type="xs:token"`, 'a  b'), expected: 'valid' },
    { name: 'xsi:type on the root: MessageHeader (not derived)', text: rootXsi(text, `xmlns:xsi="${XSI_NS}" xsi:type="h:MessageHeader" xmlns:h="${set.targetNamespace}"`), expected: 'invalid' },
    { name: 'xsi:nil on MessageId (not nillable)', text: messageId(text, `xmlns:xsi="${XSI_NS}" xsi:nil="false"`), expected: 'invalid' },
  ];
  const { enumId, extension } = typesOf(set);
  expect(enumId, `ERN ${version}: an enumeration type restricting xs:string`).toBeDefined();
  const [enumNs, enumLocal] = splitName(expandedOf(set, enumId!));
  const allowed = (set.types[enumId!] as { enumeration: string[] }).enumeration[0]!;
  const typed = `xmlns:xsi="${XSI_NS}" xmlns:t="${enumNs}" xsi:type="t:${enumLocal}"`;
  cases.push(
    { name: `MessageId xsi:type t:${enumLocal}, an allowed value`, text: messageId(text, typed, allowed), expected: 'valid' },
    { name: `MessageId xsi:type t:${enumLocal}, a value not allowed`, text: messageId(text, typed, `${allowed}X`), expected: 'invalid' },
  );
  expect(extension, `ERN ${version}: a complex type extending xs:string`).toBeDefined();
  const [extNs, extLocal] = splitName(expandedOf(set, extension!.id));
  const ext = `xmlns:xsi="${XSI_NS}" xmlns:t="${extNs}" xsi:type="t:${extLocal}"`;
  cases.push(
    { name: `MessageId xsi:type t:${extLocal} (extends xs:string)`, text: messageId(text, ext), expected: 'valid' },
    { name: `MessageId xsi:type t:${extLocal} with its attribute ${extension!.attribute}`, text: messageId(text, `${ext} ${extension!.attribute}="true"`), expected: 'valid' },
    { name: `MessageId with ${extension!.attribute} but no xsi:type`, text: messageId(text, `${extension!.attribute}="true"`), expected: 'invalid' },
  );
  // 3. Durations.
  if (/<Duration>P[^<]*<\/Duration>/.test(text)) {
    for (const [value, expected] of DURATIONS) cases.push({ name: `Duration ${value}`, text: text.replace(/<Duration>P[^<]*<\/Duration>/, `<Duration>${value}</Duration>`), expected });
  }
  return cases;
}

describe('issue 49: XSI by namespace, xsi:type, duration limits, on every ERN version', () => {
  const native = hasNativeXmllint();
  let withDurations = 0;

  it.each(ERN_VERSIONS.map((v) => [v]))('ERN %s', async (version) => {
    const location = store.locate(version)!;
    const { set } = loadCompiledSet(location.mainFile, null);
    let base: VersionBase | undefined;
    for (const candidate of versionBases(version)) {
      if ((await validateWithPass(strict, version, candidate.text)).outcome !== 'valid') continue;
      base = candidate;
      break;
    }
    expect(base, `a valid message of ERN ${version}`).toBeDefined();
    const cases = [{ name: `the base message (${base!.source})`, text: base!.text, expected: 'valid' as Verdict }, ...casesOf(version, set, base!.text)];
    if (cases.some((c) => c.name.startsWith('Duration'))) withDurations++;
    const wrong: string[] = [];
    for (const c of cases) {
      const ours = await validateWithPass(strict, version, c.text);
      if (ours.outcome !== c.expected) wrong.push(`${c.name}: expected ${c.expected}, compiled ${ours.outcome} ${ours.issues[0]?.message ?? ''}`);
    }
    if (native) {
      const verdicts = await nativeVerdicts(location.mainFile, cases.map((c) => ({ name: c.name, text: c.text })), path.join(os.tmpdir(), `ddex-xsi-${process.pid}-${version}`));
      for (const c of cases) if (verdicts.get(c.name) !== c.expected) wrong.push(`${c.name}: expected ${c.expected}, native xmllint ${verdicts.get(c.name)}`);
    }
    expect(wrong).toEqual([]);
  }, 60_000);

  it('had a Duration to mutate in most versions', () => {
    expect(withDurations).toBeGreaterThanOrEqual(8);
  });
});

/**
 * XSD features the DDEX sets do not use but the compiler supports (complexContent extension and
 * restriction, groups, attribute groups, fixed and prohibited attributes, xs:all, wildcards, lists,
 * unions, numeric and length facets, mixed and empty content), on a small schema written here,
 * each case checked against libxml2 (xmllint-wasm) like the DDEX differential test.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateXML } from 'xmllint-wasm';
import { CompiledValidator } from './compiled-validator.js';
import { validateWithPass } from './__tests__/run-compiled.js';

const XSD = "<xs:schema xmlns:xs=\"http://www.w3.org/2001/XMLSchema\" xmlns:t=\"urn:test\" targetNamespace=\"urn:test\" elementFormDefault=\"unqualified\">\n  <xs:element name=\"Root\" type=\"t:Root\"/>\n  <xs:element name=\"Extra\" type=\"xs:string\"/>\n  <xs:complexType name=\"Base\">\n    <xs:sequence>\n      <xs:element name=\"Id\" type=\"t:Code\"/>\n      <xs:group ref=\"t:Names\"/>\n    </xs:sequence>\n    <xs:attributeGroup ref=\"t:Common\"/>\n    <xs:attribute name=\"Gone\" type=\"xs:string\"/>\n  </xs:complexType>\n  <xs:complexType name=\"Derived\">\n    <xs:complexContent>\n      <xs:extension base=\"t:Base\">\n        <xs:sequence>\n          <xs:element name=\"Count\" type=\"t:Small\" minOccurs=\"0\" maxOccurs=\"3\"/>\n        </xs:sequence>\n        <xs:attribute name=\"Kind\" type=\"t:Kind\" use=\"required\"/>\n      </xs:extension>\n    </xs:complexContent>\n  </xs:complexType>\n  <xs:complexType name=\"Narrow\">\n    <xs:complexContent>\n      <xs:restriction base=\"t:Base\">\n        <xs:sequence>\n          <xs:element name=\"Id\" type=\"t:Code\"/>\n          <xs:group ref=\"t:Names\"/>\n        </xs:sequence>\n        <xs:attribute name=\"Gone\" use=\"prohibited\"/>\n      </xs:restriction>\n    </xs:complexContent>\n  </xs:complexType>\n  <xs:group name=\"Names\">\n    <xs:choice>\n      <xs:element name=\"Name\" type=\"xs:string\" maxOccurs=\"2\"/>\n      <xs:element name=\"Alias\" type=\"t:Tokens\"/>\n    </xs:choice>\n  </xs:group>\n  <xs:attributeGroup name=\"Common\">\n    <xs:attribute name=\"Lang\" type=\"xs:language\"/>\n    <xs:attribute name=\"Version\" type=\"xs:string\" fixed=\"1\"/>\n  </xs:attributeGroup>\n  <xs:simpleType name=\"Code\">\n    <xs:restriction base=\"xs:string\">\n      <xs:pattern value=\"\\i\\c*\"/>\n      <xs:pattern value=\"[0-9]+\"/>\n      <xs:maxLength value=\"8\"/>\n    </xs:restriction>\n  </xs:simpleType>\n  <xs:simpleType name=\"Small\">\n    <xs:restriction base=\"xs:decimal\">\n      <xs:minInclusive value=\"-1.5\"/>\n      <xs:maxExclusive value=\"100\"/>\n      <xs:totalDigits value=\"4\"/>\n      <xs:fractionDigits value=\"2\"/>\n    </xs:restriction>\n  </xs:simpleType>\n  <xs:simpleType name=\"Kind\">\n    <xs:union memberTypes=\"xs:integer\">\n      <xs:simpleType>\n        <xs:restriction base=\"xs:string\">\n          <xs:enumeration value=\"a\"/>\n          <xs:enumeration value=\"b\"/>\n        </xs:restriction>\n      </xs:simpleType>\n    </xs:union>\n  </xs:simpleType>\n  <xs:simpleType name=\"Tokens\">\n    <xs:restriction>\n      <xs:simpleType><xs:list itemType=\"xs:NCName\"/></xs:simpleType>\n      <xs:minLength value=\"1\"/>\n      <xs:maxLength value=\"3\"/>\n    </xs:restriction>\n  </xs:simpleType>\n  <xs:complexType name=\"Root\">\n    <xs:sequence>\n      <xs:element name=\"D\" type=\"t:Derived\" maxOccurs=\"unbounded\"/>\n      <xs:element name=\"N\" type=\"t:Narrow\" minOccurs=\"0\"/>\n      <xs:element name=\"Bag\" minOccurs=\"0\">\n        <xs:complexType>\n          <xs:all>\n            <xs:element name=\"X\" type=\"xs:boolean\"/>\n            <xs:element name=\"Y\" type=\"xs:gYear\" minOccurs=\"0\"/>\n            <xs:element name=\"Z\" type=\"xs:duration\"/>\n          </xs:all>\n        </xs:complexType>\n      </xs:element>\n      <xs:element name=\"Note\" minOccurs=\"0\">\n        <xs:complexType mixed=\"true\">\n          <xs:sequence>\n            <xs:element name=\"B\" type=\"xs:string\" minOccurs=\"0\" maxOccurs=\"unbounded\"/>\n          </xs:sequence>\n        </xs:complexType>\n      </xs:element>\n      <xs:element name=\"Price\" minOccurs=\"0\">\n        <xs:complexType>\n          <xs:simpleContent>\n            <xs:extension base=\"t:Small\">\n              <xs:attribute name=\"Currency\" type=\"xs:string\" use=\"required\"/>\n            </xs:extension>\n          </xs:simpleContent>\n        </xs:complexType>\n      </xs:element>\n      <xs:element name=\"Empty\" minOccurs=\"0\">\n        <xs:complexType><xs:attribute name=\"A\" type=\"xs:int\"/></xs:complexType>\n      </xs:element>\n      <xs:any namespace=\"##other\" processContents=\"lax\" minOccurs=\"0\" maxOccurs=\"2\"/>\n      <xs:element ref=\"t:Extra\" minOccurs=\"0\"/>\n    </xs:sequence>\n  </xs:complexType>\n</xs:schema>\n";

const VALID = "<t:Root xmlns:t=\"urn:test\"><D Kind=\"a\" Lang=\"en-GB\" Version=\"1\"><Id>ab-1.c</Id><Name>x</Name><Name>y</Name><Count>1.25</Count><Count>-1.5</Count></D><D Kind=\"42\"><Id>123</Id><Alias>a b c</Alias></D><N><Id>z</Id><Name>n</Name></N><Bag><Z>P1D</Z><X>true</X></Bag><Note>text <B>bold</B> more</Note><Price Currency=\"EUR\">99.99</Price><Empty A=\"7\"/><o:Any xmlns:o=\"urn:other\"><whatever/></o:Any><t:Extra>e</t:Extra></t:Root>";

/** [case, text to replace in VALID (null: none), replacement]. */
const CASES: [string, string | null, string | null][] = [
  ["valid as written", null, null],
  ["union member missing", "Kind=\"a\"", "Kind=\"c\""],
  ["required attribute missing", " Kind=\"42\"", ""],
  ["fixed attribute changed", "Version=\"1\"", "Version=\"2\""],
  ["prohibited attribute in a restriction", "<N>", "<N Gone=\"x\">"],
  ["attribute kept by the base type", "<D Kind=\"42\">", "<D Kind=\"42\" Gone=\"x\">"],
  ["maxOccurs 3 exceeded", "<Count>-1.5</Count>", "<Count>-1.5</Count><Count>2</Count><Count>3</Count>"],
  ["maxExclusive", "<Count>1.25</Count>", "<Count>100</Count>"],
  ["minInclusive", "<Count>1.25</Count>", "<Count>-1.51</Count>"],
  ["fractionDigits", "<Count>1.25</Count>", "<Count>1.255</Count>"],
  ["totalDigits", "<Count>1.25</Count>", "<Count>12.345</Count>"],
  ["pattern alternatives both fail", "<Id>123</Id>", "<Id>1a</Id>"],
  ["maxLength", "<Id>123</Id>", "<Id>abcdefghi</Id>"],
  ["empty list under minLength", "<Alias>a b c</Alias>", "<Alias></Alias>"],
  ["list over maxLength", "<Alias>a b c</Alias>", "<Alias>a b c d</Alias>"],
  ["list item not an NCName", "<Alias>a b c</Alias>", "<Alias>a 1b</Alias>"],
  ["list with extra whitespace", "<Alias>a b c</Alias>", "<Alias>\n a   b </Alias>"],
  ["xs:all in another order", "<Bag><Z>P1D</Z><X>true</X></Bag>", "<Bag><X>true</X><Y>2013</Y><Z>P1D</Z></Bag>"],
  ["xs:all member missing", "<Bag><Z>P1D</Z><X>true</X></Bag>", "<Bag><X>true</X></Bag>"],
  ["xs:all member twice", "<Bag><Z>P1D</Z><X>true</X></Bag>", "<Bag><Z>P1D</Z><X>true</X><X>false</X></Bag>"],
  ["mixed content without children", "<Note>text <B>bold</B> more</Note>", "<Note>only text</Note>"],
  ["text in empty content", "<Empty A=\"7\"/>", "<Empty A=\"7\">x</Empty>"],
  ["whitespace in empty content", "<Empty A=\"7\"/>", "<Empty A=\"7\"> </Empty>"],
  ["child in empty content", "<Empty A=\"7\"/>", "<Empty A=\"7\"><B/></Empty>"],
  ["int attribute", "A=\"7\"", "A=\"7.0\""],
  ["simple content attribute missing", " Currency=\"EUR\"", ""],
  ["simple content value", ">99.99<", ">abc<"],
  ["wildcard ##other refuses no namespace", "<o:Any xmlns:o=\"urn:other\"><whatever/></o:Any>", "<Any/>"],
  ["wildcard ##other refuses the target namespace", "<o:Any xmlns:o=\"urn:other\"><whatever/></o:Any>", "<t:Other/>"],
  ["wildcard maxOccurs", "<o:Any xmlns:o=\"urn:other\"><whatever/></o:Any>", "<o:A xmlns:o=\"urn:other\"/><o:B xmlns:o=\"urn:other\"/><o:C xmlns:o=\"urn:other\"/>"],
  ["lax wildcard content is not checked", "<whatever/>", "<whatever a=\"1\">t<x/></whatever>"],
  ["group choice maxOccurs", "<Name>x</Name><Name>y</Name>", "<Name>x</Name><Name>y</Name><Name>z</Name>"],
  ["group choice both branches", "<Name>x</Name><Name>y</Name>", "<Name>x</Name><Alias>q</Alias>"],
  ["language attribute", "Lang=\"en-GB\"", "Lang=\"en_GB\""],
  ["base content missing in an extension", "<Id>ab-1.c</Id>", ""],
  ["global element ref out of order", "<Empty A=\"7\"/>", "<t:Extra>e</t:Extra><Empty A=\"7\"/>"],
  ["qualified local element", "<Note>text <B>bold</B> more</Note>", "<t:Note>text <B>bold</B> more</t:Note>"],
  // The validator remembers the last valid text of each type and the last child of each state: what follows must still be checked.
  ["a valid value twice, then an invalid one of the same type", "<Count>1.25</Count><Count>-1.5</Count>", "<Count>1.25</Count><Count>1.25</Count><Count>100</Count>"],
  ["the same invalid value twice", "<Count>1.25</Count><Count>-1.5</Count>", "<Count>100</Count><Count>100</Count>"],
  ["a child refused in the state where the element before took another", "<Id>123</Id><Alias>a b c</Alias>", "<Id>123</Id><Count>1</Count>"],
  ["gYear with a leading blank", "<Bag><Z>P1D</Z><X>true</X></Bag>", "<Bag><Z>P1D</Z><X>true</X><Y> 2013</Y></Bag>"],
];

const dir = path.join(os.tmpdir(), `ddex-xsd-synthetic-${process.pid}`);
const mainFile = path.join(dir, 'main.xsd');
const validator = new CompiledValidator({ cacheDir: null, locate: () => ({ dir, mainFile, origin: 'test' }) });
const messages = CASES.map(([name, from, to]) => [name, from === null ? VALID : VALID.replace(from, to ?? '')] as const);
const reference = new Map<string, 'valid' | 'invalid'>();

beforeAll(async () => {
  mkdirSync(dir, { recursive: true });
  writeFileSync(mainFile, XSD);
  const result = await validateXML({ xml: messages.map(([, xml], i) => ({ fileName: `c${i}.xml`, contents: xml })), schema: [{ fileName: 'main.xsd', contents: XSD }] });
  for (const line of result.rawOutput.split('\n')) {
    const m = /^c(\d+)\.xml (validates|fails to validate)$/.exec(line);
    if (m) reference.set(messages[Number(m[1])]![0], m[2] === 'validates' ? 'valid' : 'invalid');
  }
  if (result.valid) for (const [name] of messages) reference.set(name, 'valid');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('synthetic schema: same verdict as libxml2', () => {
  it.each(messages)('%s', async (name, xml) => {
    const ours = await validateWithPass(validator, 'synthetic', xml);
    expect(reference.get(name)).toBeDefined();
    // The note and issues are shown when the outcome differs (a skip says why).
    expect({ outcome: ours.outcome, note: ours.note, issues: ours.issues.map((i) => i.message) }).toMatchObject({ outcome: reference.get(name) });
  });

  it('reports each invalid text, however often it repeats, beside texts of its type found valid before', async () => {
    const xml = VALID.replace('<Count>1.25</Count><Count>-1.5</Count>', '<Count>1.25</Count><Count>100</Count><Count>100</Count>').replace('<Count>', '\n<Count>');
    const ours = await validateWithPass(validator, 'synthetic', xml);
    expect(ours.issues.map((i) => i.message.replace(/\s*\(.*\)$/, ''))).toEqual(['Element Count: 100 must be less than 100', 'Element Count: 100 must be less than 100']);
    expect(ours.issues.map((i) => i.path)).toEqual(['/Root/D/Count[2]', '/Root/D/Count[3]']);
  });

  it('exercises both verdicts', () => {
    const verdicts = [...reference.values()];
    expect(verdicts.filter((v) => v === 'valid').length).toBeGreaterThan(3);
    expect(verdicts.filter((v) => v === 'invalid').length).toBeGreaterThan(20);
  });
});

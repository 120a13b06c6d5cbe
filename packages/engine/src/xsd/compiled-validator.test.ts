/**
 * The compiled validator on hand-made defects of the official ERN 4.3 audio sample: every error in
 * one pass, each located and saying what was expected; pieces of text; identity constraints; the
 * disk cache (including a cache folder that cannot be written).
 */
import { appendFileSync, chmodSync, cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sample, SCHEMAS_DIR } from '../test-support.js';
import { clearCompiledSets, loadCompiledSet, setKey } from './compiled-cache.js';
import { CompiledValidator } from './compiled-validator.js';
import { feedXml } from './event-feeder.js';
import { validateWithPass } from './__tests__/run-compiled.js';

const AUDIO = readFileSync(sample('ddex-official-ern43/1 Audio.xml'), 'utf8');
const validator = new CompiledValidator({ cacheDir: null });
const validate = (xml: string, v = validator) => validateWithPass(v, '4.3', xml);
const lineOf = (xml: string, needle: string) => xml.slice(0, xml.indexOf(needle)).split('\n').length;
const tmp = mkdtempSync(path.join(os.tmpdir(), 'ddex-xsd-test-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('CompiledValidator', () => {
  it('accepts the official 4.3 sample', async () => {
    expect(await validate(AUDIO)).toMatchObject({ outcome: 'valid', issues: [] });
  });

  it('reports every error of a message in one pass, located, naming what was expected', async () => {
    const broken = AUDIO
      .replace('<MessageId>Test1.1</MessageId>', '') // missing required child
      .replace('<FullName>Sony DADC</FullName>', '<FullName>Sony DADC</FullName><Oops/>') // unexpected child
      .replace('2014-09-24T14:57:25+01:00', '2014-09-31T14:57:25+01:00') // no such day
      .replace('<PartyList>', '<PartyList>stray'); // text in element-only content
    const result = await validate(broken);
    expect(result.outcome).toBe('invalid');
    const byPath = Object.fromEntries(result.issues.map((i) => [i.path, i]));
    expect(byPath['/NewReleaseMessage/MessageHeader/MessageThreadId']).toBeUndefined();
    expect(result.issues.map((i) => i.message)).toEqual(
      expect.arrayContaining([
        'Unexpected element in MessageHeader: expected MessageId, found MessageSender',
        'Unexpected element in PartyName: expected FullNameAsciiTranscribed, FullNameIndexed, NamesBeforeKeyName, KeyName, NamesAfterKeyName or AbbreviatedName, found Oops',
        "Element MessageCreatedDateTime: '2014-09-31T14:57:25+01:00' is not a valid xs:dateTime",
        "Element PartyList holds elements only, found text 'stray'",
      ]),
    );
    const oops = result.issues.find((i) => i.message.endsWith('found Oops'))!;
    expect(oops).toMatchObject({ path: '/NewReleaseMessage/MessageHeader/MessageRecipient/PartyName/Oops', line: lineOf(broken, '<Oops/>') });
    expect(oops.column).toBeGreaterThan(1);
  });

  it('says which elements may come next, and that something is missing at the end', async () => {
    const result = await validate(AUDIO.replace(/<MessageCreatedDateTime>.*<\/MessageCreatedDateTime>/, ''));
    expect(result.issues).toEqual([
      expect.objectContaining({
        message: 'Element MessageHeader is incomplete: expected MessageRecipient or MessageCreatedDateTime, found the end of MessageHeader',
        path: '/NewReleaseMessage/MessageHeader',
      }),
    ]);
  });

  it('checks enumerations and patterns with a hint', async () => {
    const result = await validate(AUDIO.replace('LanguageAndScriptCode="en"', 'LanguageAndScriptCode="english!"').replace(/<ReleaseType>Album<\/ReleaseType>/, '<ReleaseType>album</ReleaseType>'));
    const messages = result.issues.map((i) => i.message);
    expect(messages.some((m) => m.startsWith("Attribute LanguageAndScriptCode of NewReleaseMessage: 'english!' does not match the pattern"))).toBe(true);
    expect(messages).toContain("Element ReleaseType: 'album' is not an allowed value of ReleaseType_ERN4: did you mean 'Album'?");
  });

  it('reports missing and unknown attributes, and children put in the ERN namespace', async () => {
    const result = await validate(AUDIO.replace(' AvsVersionId="3"', ' Colour="blue"').replace('<PartyList>', '<ern:PartyList>').replace('</PartyList>', '</ern:PartyList>'));
    const messages = result.issues.map((i) => i.message);
    expect(messages).toContain('Element NewReleaseMessage is missing its required attribute AvsVersionId');
    expect(messages.some((m) => m.startsWith('Attribute Colour is not allowed on NewReleaseMessage (allowed: '))).toBe(true);
    expect(messages).toContain('Unexpected element in NewReleaseMessage: expected ReleaseAdmin or PartyList, found PartyList (namespace http://ddex.net/xml/ern/43)');
  });

  it('rejects a root the schema does not declare', async () => {
    const result = await validate(AUDIO.replace(/NewReleaseMessage/g, 'OldReleaseMessage'));
    expect(result.issues[0]!.message).toMatch(/^Root element OldReleaseMessage \(namespace http:\/\/ddex.net\/xml\/ern\/43\) is not declared by the schema \(expected NewReleaseMessage \(namespace .*\) or PurgeReleaseMessage/);
  });

  it('gives the same answer when text arrives in many small pieces', async () => {
    const broken = AUDIO.replace('<ReleaseType>Album</ReleaseType>', '<ReleaseType>Albu m</ReleaseType>');
    let session: Exclude<ReturnType<CompiledValidator['begin']>, string> | null = null;
    const chunks = function* () {
      for (let i = 0; i < broken.length; i += 7) yield Buffer.from(broken.slice(i, i + 7));
    };
    await feedXml(chunks(), (root) => {
      const begun = validator.begin('4.3', root);
      if (typeof begun === 'string') throw new Error(begun);
      session = begun;
      return begun.listener!;
    });
    const pieces = await session!.finish();
    const whole = await validate(broken);
    expect(pieces.issues.map((i) => i.message)).toEqual(whole.issues.map((i) => i.message));
    expect(pieces.outcome).toBe('invalid');
  });

  it('checks xs:ID uniqueness and xs:IDREF resolution (unless turned off, as libxml2 does on element content)', async () => {
    const broken = AUDIO.replace('<PartyReference>PEMI</PartyReference>', '<PartyReference>PSaekoShu</PartyReference>');
    const result = await validate(broken);
    const messages = result.issues.map((i) => i.message);
    expect(messages).toContain("Duplicate ID 'PSaekoShu' in PartyReference: IDs must be unique in the message");
    expect(messages.some((m) => /^Reference 'PEMI' in \w+ does not match any ID in the message$/.test(m))).toBe(true);
    const lenient = await validate(broken, new CompiledValidator({ cacheDir: null, identityConstraints: false }));
    expect(lenient).toMatchObject({ outcome: 'valid', issues: [] });
  });

  it('explains when a version has no XSD set', () => {
    const none = new CompiledValidator({ cacheDir: null, locate: () => null });
    expect(none.begin('4.3', { ns: 'http://ddex.net/xml/ern/43', name: 'NewReleaseMessage' })).toMatch(/^no XSD set for ERN 4.3 found; /);
  });
});

describe('compiled set cache', () => {
  const mainFile = path.join(SCHEMAS_DIR, 'ern-4.2', 'release-notification.xsd');

  it('writes the compiled set to disk once and reads it back', () => {
    const dir = path.join(tmp, 'cache');
    clearCompiledSets();
    const compiled = loadCompiledSet(mainFile, dir);
    expect(compiled.source).toBe('compiled');
    const files = readdirSync(dir).filter((f) => /^[0-9a-f]{64}\.json$/.test(f));
    expect(files).toHaveLength(1);
    // Each type is a JSON text of its own on disk, parsed when first read.
    const onDisk = JSON.parse(readFileSync(path.join(dir, files[0]!), 'utf8')) as { types: unknown[] };
    expect(onDisk.types.every((t) => typeof t === 'string')).toBe(true);
    clearCompiledSets();
    const again = loadCompiledSet(mainFile, dir);
    expect(again.source).toBe('disk');
    expect(again.set.roots).toHaveProperty(['{http://ddex.net/xml/ern/42}NewReleaseMessage']);
    expect(again.set.types).toHaveLength(compiled.set.types.length);
    expect(again.set.types[5]).toBe(again.set.types[5]);
    expect(JSON.stringify(again.set.types)).toBe(JSON.stringify(compiled.set.types));
    expect(loadCompiledSet(mainFile, dir).source).toBe('memory');
  });

  it('ignores a damaged cache file and a cache folder it cannot write', () => {
    const dir = path.join(tmp, 'damaged');
    clearCompiledSets();
    loadCompiledSet(mainFile, dir);
    const file = readdirSync(dir)[0]!;
    writeFileSync(path.join(dir, file), '{"format": 1, "trunc');
    clearCompiledSets();
    expect(loadCompiledSet(mainFile, dir).source).toBe('compiled');

    const locked = path.join(tmp, 'locked');
    rmSync(locked, { recursive: true, force: true });
    writeFileSync(locked, 'a file where the cache folder should be');
    clearCompiledSets();
    expect(loadCompiledSet(mainFile, path.join(locked, 'compiled')).source).toBe('compiled');
    chmodSync(locked, 0o644);
  });

  it('names a set by the files it pulls in and no others, wherever it lies', () => {
    const shared = path.join(tmp, 'shared');
    const set = path.join(shared, 'set');
    mkdirSync(path.join(shared, 'set'), { recursive: true });
    const main = path.join(set, 'main.xsd');
    const schema = (body: string) => `<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" targetNamespace="urn:k" xmlns:k="urn:k">${body}</xs:schema>`;
    writeFileSync(main, schema(`<xs:include schemaLocation='../types.xsd'/><xs:element name="R" type="k:T"/>`));
    writeFileSync(path.join(shared, 'types.xsd'), schema('<xs:simpleType name="T"><xs:restriction base="xs:string"/></xs:simpleType>'));
    // What lies beside the set without being pulled in: another set, and a link whose file is gone
    // (as in /tmp while other programs come and go).
    writeFileSync(path.join(shared, 'other.xsd'), schema(''));
    symlinkSync(path.join(shared, 'removed.xsd'), path.join(shared, 'gone.xsd'));

    const key = setKey(main);
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    writeFileSync(path.join(shared, 'other.xsd'), schema('<xs:element name="O"/>'));
    expect(setKey(main)).toBe(key);
    writeFileSync(path.join(shared, 'types.xsd'), schema('<xs:simpleType name="T"><xs:restriction base="xs:token"/></xs:simpleType>'));
    expect(setKey(main)).not.toBe(key);
    clearCompiledSets();
    expect(loadCompiledSet(main, null).set.roots).toHaveProperty(['{urn:k}R']);
  });

  it('names the official sets by their own files: a remote avs location (3.8) and a folder up (4.3.2)', () => {
    for (const [version, main, pulled] of [
      ['ern-3.8', 'release-notification.xsd', 'avs.xsd'],
      ['ern-4.3.2', 'ernv432/release-notification.xsd', 'allowed-value-sets.xsd'],
    ] as const) {
      const copy = path.join(tmp, 'official', version);
      cpSync(path.join(SCHEMAS_DIR, version), copy, { recursive: true });
      const key = setKey(path.join(copy, main));
      appendFileSync(path.join(copy, pulled), '<!-- changed -->');
      expect(setKey(path.join(copy, main)), version).not.toBe(key);
    }
  });
});

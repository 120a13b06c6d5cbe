import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import type { validateXML } from 'xmllint-wasm';
import type { ErnVersion } from '../ern/model.js';
import { SCHEMAS_DIR, sample } from '../test-support.js';
import { Libxml2Validator, memoryPagesFor, type Libxml2ValidatorOptions } from './libxml2-validator.js';
import { runMessagePass } from './pass.js';
import { SchemaStore } from './schema-store.js';
import type { SchemaResult } from './schema-validator.js';

const store = new SchemaStore({ dir: SCHEMAS_DIR });
const validator = new Libxml2Validator({ store });

/** Runs the real pass over `bytes` (in 64 KiB chunks) with a libxml2 session as listener. */
async function check(version: ErnVersion, bytes: Buffer, v: Libxml2Validator = validator): Promise<SchemaResult> {
  const session = await v.begin(version, { ns: '', name: 'NewReleaseMessage' });
  if (typeof session === 'string') throw new Error(session);
  const chunks: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += 65536) chunks.push(bytes.subarray(i, i + 65536));
  await runMessagePass(Readable.from(chunks), () => ({ listeners: [session.listener!], onBytes: (c) => session.onBytes!(c) }));
  return session.finish();
}

const file = (relative: string) => readFileSync(sample(relative));

describe('Libxml2Validator', () => {
  it('says valid for a valid message', async () => {
    expect(await check('4.3', file('ddex-official-ern43/1 Audio.xml'))).toEqual({ outcome: 'valid', issues: [] });
  });

  it('answers a second finish() with the first answer, ignoring later bytes', async () => {
    const session = await validator.begin('3.8.2', { ns: '', name: '' });
    if (typeof session === 'string') throw new Error(session);
    session.onBytes!(file('altraxmedia-ddex-ern/batch.xml'));
    const first = await session.finish();
    session.onBytes!(Buffer.from('<more/>'));
    expect(first.outcome).toBe('invalid');
    expect(await session.finish()).toBe(first);
  });

  it('reports each error with its line and the DDEX path of the element, without xmllint noise', async () => {
    const result = await check('3.8.2', file('altraxmedia-ddex-ern/batch.xml'));
    expect(result.outcome).toBe('invalid');
    expect(result.issues.slice(0, 3)).toEqual([
      {
        message: "Element 'PartyName': Character content other than whitespace is not allowed because the content type is 'element-only'.",
        line: 8,
        column: null,
        path: '/NewReleaseMessage/MessageHeader/MessageSender/PartyName',
      },
      { message: "Element 'PartyName': Missing child element(s). Expected is ( FullName ).", line: 8, column: null, path: '/NewReleaseMessage/MessageHeader/MessageSender/PartyName' },
      {
        message: "Element 'PartyName': Character content other than whitespace is not allowed because the content type is 'element-only'.",
        line: 12,
        column: null,
        path: '/NewReleaseMessage/MessageHeader/SentOnBehalfOf/PartyName',
      },
    ]);
    for (const issue of result.issues) expect(issue.message).not.toMatch(/message\.xml|Schemas validity error/);
    expect(result.note).toBeUndefined();
  });

  it('points a root error reported on the last line of a multi-line start tag at the root', async () => {
    const result = await check('4.3', file('originalworks-protocol/DDEX_messages/ERN_UpdateReleaseMessage_example.xml'));
    expect(result.outcome).toBe('invalid');
    expect(result.issues).toEqual([
      expect.objectContaining({ line: 10, path: '/UpdateReleaseMessage', message: expect.stringContaining('No matching global declaration') }),
    ]);
  });

  it('compiles a set whose main file imports ../ (ERN 4.3.2) in xmllint-wasm\'s file system', async () => {
    const as432 = Buffer.from(file('ddex-official-ern43/1 Audio.xml').toString('utf8').replace('http://ddex.net/xml/ern/43', 'http://ddex.net/xml/ern/432'));
    const result = await check('4.3.2' as ErnVersion, as432);
    // 4.3.2 changed a few AVS-backed elements (Role now wraps a Value): schema errors, not a skipped run.
    expect(result.outcome).toBe('invalid');
    expect(result.issues[0].message).toMatch(/^Element 'Role': /);
  });

  it('validates UTF-16 messages from their bytes', async () => {
    const utf16be = file('originalworks-protocol/DDEX_messages/ERN_NewReleaseMessage_example.xml');
    expect((await check('4.3', utf16be)).outcome).toBe('valid');
    const text = Buffer.from(utf16be).swap16().toString('utf16le');
    const broken = Buffer.from(text.replace('<ResourceList>', '<ResourceList><Foo>\u00e9</Foo>'), 'utf16le');
    const result = await check('4.3', broken);
    expect(result.outcome).toBe('invalid');
    expect(result.issues).toEqual([expect.objectContaining({ path: '/NewReleaseMessage/ResourceList/Foo', message: expect.stringMatching(/^Element 'Foo': This element is not expected/) })]);
  });

  it('transcodes an encoding libxml2 lacks (windows-1252) instead of failing the message', async () => {
    const utf8 = file('kazhs-ddex-json-codec/ern43/album.xml').toString('utf8');
    expect(utf8).toMatch(/^<\?xml[^>]*encoding="UTF-8"/);
    const text = utf8
      .replace(/[^\x00-\xff]/g, '?') // its Japanese titles have no windows-1252 form
      .replace('encoding="UTF-8"', 'encoding="windows-1252"').replace(/<TitleText>/, '<TitleText>Caf\u00e9 \u20ac ');
    const bytes = Buffer.from(text.replace('\u20ac', '\u0080'), 'latin1'); // 0x80 is the euro sign in windows-1252
    expect(await check('4.3', bytes)).toEqual({ outcome: 'valid', issues: [] });
    const broken = Buffer.from(text.replace('\u20ac', '\u0080').replace('<ResourceList>', '<ResourceList><Foo/>'), 'latin1');
    const result = await check('4.3', broken);
    expect(result.outcome).toBe('invalid');
    expect(result.note).toContain('transcoded from windows-1252');
  });

  it('reports a message libxml2 cannot parse as invalid, with the parser error', async () => {
    const result = await check('3.8.2', file('miqwit-dedex/002_erroneous_xml.xml'));
    expect(result.outcome).toBe('invalid');
    expect(result.issues[0]).toMatchObject({ line: 157, message: "XML parser error: expected '>'" });
  });

  it('validates a 5 MB message (enough WebAssembly memory for its size)', async () => {
    const audio = file('ddex-official-ern43/1 Audio.xml').toString('utf8');
    const start = audio.indexOf('<SoundRecording>');
    const end = audio.indexOf('</SoundRecording>') + '</SoundRecording>'.length;
    const copies: string[] = [];
    for (let i = 0; copies.length * (end - start) < 5_000_000; i++) {
      copies.push(audio.slice(start, end).replace(/<ResourceReference>A\d+</, `<ResourceReference>A${9000 + i}<`));
    }
    const big = Buffer.from(audio.slice(0, end) + copies.join('\n') + audio.slice(end));
    expect(big.length).toBeGreaterThan(5_000_000);
    expect(memoryPagesFor(big.length)).toBeGreaterThan(512); // xmllint-wasm's default is not enough
    expect(await check('4.3', big)).toEqual({ outcome: 'valid', issues: [] });
  });

  it('keeps the first maxIssues distinct issues and says how many more there were', async () => {
    const result = await check('3.8.2', file('altraxmedia-ddex-ern/batch.xml'), new Libxml2Validator({ store, maxIssues: 2 }));
    expect(result.issues).toHaveLength(2);
    expect(result.note).toMatch(/^\d+ more distinct issues not listed \(first 2 kept\)$/);
    expect(Number(result.note!.split(' ')[0])).toBeGreaterThan(10);
  });

  it('skips a message above the size cap, pointing at the compiled validator', async () => {
    const result = await check('4.3', file('ddex-official-ern43/1 Audio.xml'), new Libxml2Validator({ store, maxBytes: 10_000 }));
    expect(result.outcome).toBe('skipped');
    expect(result.note).toMatch(/libxml2 cannot validate a message this large.*compiled validator/);
  });

  it('returns a reason when no schema set exists for the version', async () => {
    const empty = mkdtempSync(path.join(os.tmpdir(), 'ddex-no-schemas-'));
    const saved = { env: process.env.DDEX_SCHEMAS_DIR, xdg: process.env.XDG_CACHE_HOME };
    try {
      delete process.env.DDEX_SCHEMAS_DIR;
      process.env.XDG_CACHE_HOME = empty;
      const reason = await new Libxml2Validator({ store: new SchemaStore({ dir: empty }) }).begin('4.3', { ns: '', name: 'NewReleaseMessage' });
      expect(reason).toBe(`no XSD set for ERN 4.3 (looked for ern-4.3/release-notification.xsd in ${empty}, ${path.join(empty, 'ddex-check', 'schemas')})`);
    } finally {
      process.env.DDEX_SCHEMAS_DIR = saved.env;
      process.env.XDG_CACHE_HOME = saved.xdg;
      rmSync(empty, { recursive: true, force: true });
    }
  });
});

describe('Libxml2Validator when xmllint-wasm fails', () => {
  type Call = Parameters<typeof validateXML>[0];
  function scripted(answers: ((call: Call) => ReturnType<typeof validateXML>)[]) {
    const calls: Call[] = [];
    const fake: typeof validateXML = (call) => {
      calls.push(call);
      return answers[calls.length - 1](call);
    };
    return { calls, options: { store, validateXML: fake } satisfies Libxml2ValidatorOptions };
  }
  const bytes = file('lickdlabs-distributions/382.xml');
  const silentInvalid = () => Promise.resolve({ valid: false, errors: [], rawOutput: 'message.xml fails to validate\n', normalized: '' });

  it('retries with more memory after an out-of-memory exit, then answers', async () => {
    const { calls, options } = scripted([
      () => Promise.reject(Object.assign(new Error('message.xml:12: error: ...'), { code: 9 })),
      () => Promise.resolve({ valid: true, errors: [], rawOutput: 'message.xml validates\n', normalized: '' }),
    ]);
    expect(await check('3.8.2', bytes, new Libxml2Validator(options))).toEqual({ outcome: 'valid', issues: [] });
    expect(calls).toHaveLength(2);
    expect(calls[1].maxMemoryPages).toBe(4 * calls[0].maxMemoryPages!);
    const xml = calls[0].xml as readonly { fileName: string; contents: Uint8Array }[];
    expect(xml[0].fileName).toBe('message.xml');
    expect(Buffer.from(xml[0].contents).equals(bytes)).toBe(true); // the bytes, not a decoded copy
  });

  it('never takes "invalid without any error" as a verdict: skipped after one retry', async () => {
    const { calls, options } = scripted([silentInvalid, silentInvalid]);
    const result = await check('3.8.2', bytes, new Libxml2Validator(options));
    expect(calls).toHaveLength(2);
    expect(result.outcome).toBe('skipped');
    expect(result.note).toMatch(/libxml2 could not validate/);
  });

  it('skips with the reason when the schema set does not compile', async () => {
    const { options } = scripted([() => Promise.reject(Object.assign(new Error('WXS schema release-notification.xsd failed to compile\n'), { code: 5 }))]);
    const result = await check('3.8.2', bytes, new Libxml2Validator(options));
    expect(result).toEqual({ outcome: 'skipped', issues: [], note: expect.stringMatching(/does not compile with libxml2: WXS schema release-notification\.xsd failed to compile$/) });
  });
});

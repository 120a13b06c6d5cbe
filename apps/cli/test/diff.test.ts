/**
 * `ddex-check diff`: its JSON read back against schemas/diff.schema.json, its exit codes (0 same
 * content, 1 changed, 2 unreadable input, several messages, or a message above --max-size).
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { cli } from './cli-run.js';
import { ROOT, SHARED } from './golden-harness.js';

const schema = JSON.parse(readFileSync(path.join(ROOT, 'schemas/diff.schema.json'), 'utf8'));
const ajv = new Ajv2020({ allErrors: true, strict: true });
(addFormats as unknown as (a: Ajv2020) => void)(ajv);
const check = ajv.compile(schema);

const album = path.join(ROOT, 'fixtures/batches/album-43/5012345678900.xml');
const single = path.join(ROOT, 'fixtures/messages/single-382.xml');
const deals = path.join(ROOT, 'apps/cli/test/golden/availability/deals-382.xml');
const audio = path.join(SHARED, 'ddex/samples/ddex-official-ern43/1 Audio.xml');
/** A delivery folder holding two messages. */
const many = mkdtempSync(path.join(os.tmpdir(), 'diff-many-'));
writeFileSync(path.join(many, 'a.xml'), readFileSync(album));
writeFileSync(path.join(many, 'b.xml'), readFileSync(single));

describe('diff JSON Schema', () => {
  it.each([
    ['two deal sets', single, deals, 1],
    ['across families', single, album, 1],
    ['a message and itself', audio, audio, 0],
    ['a message and a renumbered copy', album, 'renumbered', 0],
  ])('describes %s', async (_, a, b, exit) => {
    let other = b;
    if (b === 'renumbered') {
      other = path.join(mkdtempSync(path.join(os.tmpdir(), 'diff-')), 'renumbered.xml');
      writeFileSync(other, readFileSync(a, 'utf8').replace(/<(\w*Reference)>([RAPT])([^<]*)<\/\1>/g, '<$1>$29$3</$1>').replace(/<MessageId>[^<]*</, '<MessageId>NEXT<'));
    }
    const { code, stdout, stderr } = await cli(['diff', a, other, '-f', 'json']);
    expect(stderr).toBe('');
    expect(code).toBe(exit);
    const out = JSON.parse(stdout);
    const ok = check(out);
    expect(check.errors ?? [], JSON.stringify(check.errors?.slice(0, 3))).toEqual([]);
    expect(ok).toBe(true);
    expect(out.changes.length > 0).toBe(exit === 1);
    if (b === 'renumbered') expect(out.header).toEqual([{ field: 'MessageHeader/MessageId', old: expect.any(String), new: 'NEXT' }]);
  });

  it('rejects output that breaks it (a change of an unknown kind)', () => {
    expect(check({ old: 'a', new: 'b', old_version: '4.3', new_version: '4.3', header: [], changes: [{ release: null, resource: null, field: 'x', kind: 'moved', old: 1, new: 2 }], summary: { changes: 1, releases: { added: 0, removed: 0, changed: 0 }, resources: { added: 0, removed: 0, changed: 0 }, parties: { added: 0, removed: 0, changed: 0 }, notes: [] } })).toBe(false);
  });
});

describe('diff exit codes', () => {
  it.each([
    ['a missing file', ['diff', 'no-such-file.xml', album], /no-such-file\.xml does not exist/],
    ['a truncated message', ['diff', album, path.join(ROOT, 'fixtures/bad/truncated.xml')], /truncated\.xml: not well-formed XML at line \d+/],
    ['a message above --max-size', ['diff', album, single, '--max-size', '0.001'], /5012345678900\.xml: \d+ bytes, above the limit of 1048 bytes for diff \(raise it with --max-size MB/],
    ['a bad --max-size', ['diff', album, single, '--max-size', 'lots'], /--max-size lots: not a positive number/],
    ['a delivery of several messages', ['diff', many, album], /holds \d+ messages; diff compares one message with one message/],
    ['one argument', ['diff', album], /missing required argument 'new'/],
  ])('exits 2 for %s, naming it', async (_, args, message) => {
    const { code, stdout, stderr } = await cli(args);
    expect(stderr).toMatch(message);
    expect(code).toBe(2);
    expect(stdout).toBe('');
  });
});

import { describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { baseMessage, runRule } from '../../testing/rule-tester.js';
import { validate } from '../../../validate.js';
import { expectFindings, positionOf } from '../../testing/pin.js';

/** The end of the text (a message cut short is found wanting where it stops). */
const END = (xml: string) => ({ line: xml.split('\n').length, column: xml.length - xml.lastIndexOf('\n') });
/** The 254th nested <x>: with the root, ReleaseList and Release it is the element 257 levels deep, the first past the limit. */
const DEPTH = (xml: string) => {
  const first = positionOf(xml, '<x>');
  return { line: first.line, column: first.column + 253 * 3 };
};

describe('xml-well-formed', () => {
  it.each([
    ['4.3', ''],
    ['3.8.2', ''],
  ] as const)('passes a well-formed %s message', async (version) => {
    const run = await runRule('xml-well-formed', { version });
    expect(run.findings).toEqual([]);
    expect(run.all.map((c) => c.status)).toEqual(['pass']);
  });

  it.each([
    ['truncated', (xml: string) => xml.slice(0, xml.indexOf('<DealList>') + 15), 'syntax', /not well-formed/, END],
    ['plain text', () => 'just some text', 'syntax', /not well-formed/, END],
    ['mismatched tag', (xml: string) => xml.replace('</ReleaseType>', '</ReleaseTyp>'), 'syntax', /not well-formed/, ['</ReleaseTyp>', '\n']],
    ['billion laughs', (xml: string) => xml.replace('<ern:NewReleaseMessage', '<!DOCTYPE x [<!ENTITY a "aaaa"><!ENTITY b "&a;&a;&a;">]>\n<ern:NewReleaseMessage'), 'doctype', /entit/, [']>', '\n']],
    ['XXE', (xml: string) => xml.replace('<ern:NewReleaseMessage', '<!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]>\n<ern:NewReleaseMessage'), 'doctype', /entit/, [']>', '\n']],
    // 100,000 levels in 700 KB: saxes' namespace lookup is quadratic in depth (minutes), so it is refused at 256.
    ['nesting 100,000 levels deep', (xml: string) => xml.replace('<ReleaseType>', '<x>'.repeat(100_000) + '</x>'.repeat(100_000) + '<ReleaseType>'), 'depth', /nested more than 256 levels deep \(<x> at line \d+\)/, DEPTH],
    ['10,001 differently named elements', (xml: string) => xml.replace('<ReleaseType>', Array.from({ length: 10_001 }, (_, i) => `<n${i}/>`).join('') + '<ReleaseType>'), 'names', /^The message was refused: the message names more than 10,000 different elements, attributes and namespaces \(<n\d+> at line \d+\); .*\.$/, '<n9938/>'],
    ['22,500 element paths from 300 names', (xml: string) => xml.replace('<ReleaseType>', Array.from({ length: 150 }, (_, i) => `<a${i}>${Array.from({ length: 150 }, (_, j) => `<b${j}/>`).join('')}</a${i}>`).join('') + '<ReleaseType>'), 'paths', /^The message was refused: the message has more than 20,000 different element paths \(<b\d+> at line \d+\); .*\.$/, ['<a131>', '<b148/>']],
  ] as const)('reports %s', async (_, mutate, messageId, text, at) => {
    const run = await runRule('xml-well-formed', { version: '4.3', xml: mutate(baseMessage('4.3')) });
    // Where the parser stopped: a syntax error has no element, so no DDEX path.
    expectFindings(run, run.xml, [{ id: messageId, at: typeof at === 'function' ? at(run.xml) : at, path: '' }]);
    expect(run.findings[0]).toMatchObject({ status: 'error', file: 'message.xml' });
    expect(run.findings[0].message).toMatch(text);
  });

  it('ends the sentence once when the parser\'s reason ends with a period (a control character)', async () => {
    const run = await runRule('xml-well-formed', { version: '4.3', xml: baseMessage('4.3').replace('<ReleaseType>Single', '<ReleaseType>Sin\u0001gle') });
    expectFindings(run, run.xml, [{ id: 'syntax', at: 'gle</ReleaseType>', path: '' }]);
    expect(run.findings[0].message).toBe('The message is not well-formed XML: disallowed character.');
  });

  it('locates a syntax error at its line', async () => {
    const xml = baseMessage('3.8.2').replace('<ReleaseType>Single</ReleaseType>', '<ReleaseType>Single</ReleaseTyp>');
    const run = await runRule('xml-well-formed', { version: '3.8.2', xml });
    expectFindings(run, run.xml, [{ id: 'syntax', at: '\n      <ReleaseDetailsByTerritory>', path: '' }]);
    const line = xml.split('\n').findIndex((l) => l.includes('</ReleaseTyp>')) + 1;
    expect(run.findings[0].line).toBe(line);
  });

  it('reports an empty message file inside a batch folder', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'ddex-wf-'));
    writeFileSync(path.join(dir, 'message.xml'), '');
    const report = await validate(dir, { media: false });
    const check = report.checks.find((c) => c.rule === 'xml-well-formed');
    expect(check).toMatchObject({ status: 'error', message_id: 'empty', file: 'message.xml' });
    expect(report.verdict).toBe('would_be_rejected');
  });
});

import { describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { baseMessage, runRule } from '../../testing/rule-tester.js';
import { validate } from '../../../validate.js';
import { expectFindings } from '../../testing/pin.js';

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
    ['truncated', (xml: string) => xml.slice(0, xml.indexOf('<DealList>') + 15), 'syntax', /not well-formed/],
    ['plain text', () => 'just some text', 'syntax', /not well-formed/],
    ['mismatched tag', (xml: string) => xml.replace('</ReleaseType>', '</ReleaseTyp>'), 'syntax', /not well-formed/],
    ['billion laughs', (xml: string) => xml.replace('<ern:NewReleaseMessage', '<!DOCTYPE x [<!ENTITY a "aaaa"><!ENTITY b "&a;&a;&a;">]>\n<ern:NewReleaseMessage'), 'doctype', /entit/],
    ['XXE', (xml: string) => xml.replace('<ern:NewReleaseMessage', '<!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]>\n<ern:NewReleaseMessage'), 'doctype', /entit/],
    // 100,000 levels in 700 KB: saxes' namespace lookup is quadratic in depth (minutes), so it is refused at 256.
    ['nesting 100,000 levels deep', (xml: string) => xml.replace('<ReleaseType>', '<x>'.repeat(100_000) + '</x>'.repeat(100_000) + '<ReleaseType>'), 'depth', /nested more than 256 levels deep \(<x> at line \d+\)/],
    ['10,001 differently named elements', (xml: string) => xml.replace('<ReleaseType>', Array.from({ length: 10_001 }, (_, i) => `<n${i}/>`).join('') + '<ReleaseType>'), 'names', /^The message was refused: the message names more than 10,000 different elements, attributes and namespaces \(<n\d+> at line \d+\); .*\.$/],
    ['22,500 element paths from 300 names', (xml: string) => xml.replace('<ReleaseType>', Array.from({ length: 150 }, (_, i) => `<a${i}>${Array.from({ length: 150 }, (_, j) => `<b${j}/>`).join('')}</a${i}>`).join('') + '<ReleaseType>'), 'paths', /^The message was refused: the message has more than 20,000 different element paths \(<b\d+> at line \d+\); .*\.$/],
  ] as const)('reports %s', async (_, mutate, messageId, text) => {
    const run = await runRule('xml-well-formed', { version: '4.3', xml: mutate(baseMessage('4.3')) });
    expect(run.findings).toHaveLength(1);
    expect(run.findings[0]).toMatchObject({ status: 'error', message_id: messageId, file: 'message.xml' });
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

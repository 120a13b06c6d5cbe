import { describe, expect, it } from 'vitest';
import { SaxesParser } from 'saxes';
import { junit } from '../junit.js';
import type { FormatterContext } from '../types.js';
import type { FailOn } from '../threshold.js';
import { check, rejectedReport, report } from './reports.js';

const ctx = (failOn: FailOn): FormatterContext => ({ failOn, color: false, cwd: '/work', tool: { name: 'ddex-check', version: '0.0.0' } });

interface Parsed {
  suites: { attrs: Record<string, string>; cases: { attrs: Record<string, string>; children: string[] }[] }[];
  root: Record<string, string>;
}

/** Reads the JUnit XML back with saxes: it must be well-formed, and we count what it says. */
function parse(xml: string): Parsed {
  const parser = new SaxesParser();
  const parsed: Parsed = { suites: [], root: {} };
  parser.on('opentag', (tag) => {
    const attrs = tag.attributes as Record<string, string>;
    if (tag.name === 'testsuites') parsed.root = attrs;
    if (tag.name === 'testsuite') parsed.suites.push({ attrs, cases: [] });
    if (tag.name === 'testcase') parsed.suites.at(-1)!.cases.push({ attrs, children: [] });
    if (['failure', 'skipped', 'system-out'].includes(tag.name)) parsed.suites.at(-1)!.cases.at(-1)!.children.push(tag.name);
  });
  parser.write(xml).close();
  return parsed;
}

describe('junit formatter', () => {
  it('writes one testsuite per input and one testcase per check plus the verdict', () => {
    const ok = report({ source: 'ok.xml', verdict: 'would_import', checks: [check({ rule: 'codes-upc-checksum', status: 'pass' })] });
    const parsed = parse(junit([rejectedReport(), ok], ctx('rejected')));
    expect(parsed.suites.map((s) => s.attrs.name)).toEqual(['deliveries/batch-1', 'ok.xml']);
    const [bad, good] = parsed.suites;
    expect(bad.cases).toHaveLength(5);
    expect(bad.attrs).toMatchObject({ tests: '5', failures: '2', skipped: '1' });
    expect(good.attrs).toMatchObject({ tests: '2', failures: '0', skipped: '0' });
    expect(parsed.root).toMatchObject({ tests: '7', failures: '2', skipped: '1' });
    const isrc = bad.cases.find((k) => k.attrs.classname === 'codes.codes-isrc-syntax')!;
    expect(isrc.attrs.name).toBe('deliveries/batch-1/message.xml:3:11 /NewReleaseMessage/ResourceList/SoundRecording/SoundRecordingEdition/ResourceId/ISRC');
    expect(isrc.children).toEqual(['failure']);
    // Below the threshold a warning stays a passing case with the finding in system-out.
    expect(bad.cases.find((k) => k.attrs.classname === 'deals.deals-territory-known')!.children).toEqual(['system-out']);
  });

  it('fails warnings too with --fail-on warnings', () => {
    const [bad] = parse(junit([rejectedReport()], ctx('warnings'))).suites;
    expect(bad.attrs.failures).toBe('3');
    expect(bad.cases.find((k) => k.attrs.classname === 'deals.deals-territory-known')!.children).toEqual(['failure']);
  });

  it('escapes markup and strips characters XML forbids', () => {
    const r = report({ source: 'a&b <c>.xml', checks: [check({ rule: 'codes-isrc-syntax', status: 'error', message: 'bad "x" <y> & \u0001z' })] });
    const xml = junit([r], ctx('rejected'));
    const [suite] = parse(xml).suites;
    expect(suite.attrs.name).toBe('a&b <c>.xml');
    expect(xml).toContain('bad &quot;x&quot; &lt;y&gt; &amp; \uFFFDz');
  });
});

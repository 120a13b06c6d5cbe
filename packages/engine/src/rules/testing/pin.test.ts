/** The pin helper: needles become line and column, and a finding pointing elsewhere fails. */
import { describe, expect, it } from 'vitest';
import { expectFindings, positionOf } from './pin.js';
import { runRule } from './rule-tester.js';
import { F43 } from './base-fragments.js';
import type { Check } from '../../report/types.js';

const XML = '<a>\n  <b>x</b>\n  <b>y</b>\n</a>';
const finding = (line: number | null, column: number | null, field: string, id = 'm'): Check => ({ message_id: id, line, column, field }) as Check;

describe('positionOf', () => {
  it('turns a needle, or needles in turn, into a 1-based line and column', () => {
    expect(positionOf(XML, '<b>')).toEqual({ line: 2, column: 3 });
    expect(positionOf(XML, ['</b>', '<b>'])).toEqual({ line: 3, column: 3 });
    expect(positionOf(XML, { line: 9, column: 9 })).toEqual({ line: 9, column: 9 });
  });
  it('fails on a needle not found', () => {
    expect(() => positionOf(XML, '<c>')).toThrow(/"<c>" not found/);
    expect(() => positionOf(XML, ['</a>', '<b>'])).toThrow(/after the needles before it/);
  });
});

describe('expectFindings', () => {
  it('passes on the exact id, line, column and path', () => {
    expectFindings({ findings: [finding(3, 3, '/a/b[2]')] }, XML, [{ id: 'm', at: ['</b>', '<b>'], path: '/a/b[2]' }]);
  });
  it('fails on another line, another column, another path or another id', () => {
    const pins = [{ id: 'm', at: ['</b>', '<b>'], path: '/a/b[2]' }] as const;
    expect(() => expectFindings({ findings: [finding(2, 3, '/a/b[2]')] }, XML, pins)).toThrow();
    expect(() => expectFindings({ findings: [finding(3, 4, '/a/b[2]')] }, XML, pins)).toThrow();
    expect(() => expectFindings({ findings: [finding(3, 3, '/a/b')] }, XML, pins)).toThrow();
    expect(() => expectFindings({ findings: [finding(3, 3, '/a/b[2]', 'other')] }, XML, pins)).toThrow();
    expect(() => expectFindings({ findings: [finding(3, 3, '/a/b[2]'), finding(2, 3, '/a/b')] }, XML, pins)).toThrow();
  });
  it('refuses a placed pin without a path, and an empty list of pins', () => {
    expect(() => expectFindings({ findings: [finding(2, 3, '/a/b')] }, XML, [{ id: 'm', at: '<b>', path: null }])).toThrow(/needs its exact DDEX path/);
    expect(() => expectFindings({ findings: [] }, XML, [])).toThrow(/no pins/);
  });
  it('compares the release a finding names when the pins give it, all or none', () => {
    const inRelease = (release: string | null): Check => ({ ...finding(3, 3, '/a/b[2]'), release }) as Check;
    const pins = [{ id: 'm', at: ['</b>', '<b>'], path: '/a/b[2]', release: 'R1' }] as const;
    expectFindings({ findings: [inRelease('R1')] }, XML, pins);
    expect(() => expectFindings({ findings: [inRelease('R2')] }, XML, pins)).toThrow();
    expect(() => expectFindings({ findings: [inRelease(null)] }, XML, pins)).toThrow();
    expect(() => expectFindings({ findings: [inRelease('R1'), inRelease('R1')] }, XML, [...pins, { id: 'm', at: ['</b>', '<b>'], path: '/a/b[2]' }])).toThrow(/all or none/);
    // Without a release in the pins, the finding's release is not compared (the pins before this option).
    expectFindings({ findings: [inRelease('R2')] }, XML, [{ id: 'm', at: ['</b>', '<b>'], path: '/a/b[2]' }]);
  });
  it('pins a finding with no place as such', () => {
    expectFindings({ findings: [finding(null, null, '')] }, XML, [{ id: 'm', at: null, path: null }]);
    expect(() => expectFindings({ findings: [finding(2, 3, '/a/b')] }, XML, [{ id: 'm', at: null, path: null }])).toThrow();
  });
  it('a real run pinned to the element its rule reports (release-classical-type: the Genre)', async () => {
    const run = await runRule('release-classical-type', { version: '4.3', edits: [[F43.releaseGenre, F43.releaseGenre.replace('Pop', 'Classical')]] });
    expectFindings(run, run.xml, [{ id: 'type', at: '<Genre>', path: '/NewReleaseMessage/ReleaseList/Release/Genre' }]);
    expect(() => expectFindings(run, run.xml, [{ id: 'type', at: '<Release>', path: '/NewReleaseMessage/ReleaseList/Release' }])).toThrow();
  });
});

import { describe, expect, it } from 'vitest';
import { text } from '../text.js';
import type { FormatterContext } from '../types.js';
import { check, rejectedReport, report } from './reports.js';

const ctx = (over: Partial<FormatterContext> = {}): FormatterContext => ({
  failOn: 'rejected',
  color: false,
  cwd: '/work',
  tool: { name: 'ddex-check', version: '0.0.0' },
  ...over,
});

const SOURCE = ['<?xml version="1.0"?>', '<NewReleaseMessage>', '  <ISRC>GBAYE0000</ISRC>', '', '\t<TerritoryCode>XX</TerritoryCode>'];

describe('text formatter', () => {
  it('prints the verdict, groups by file and release, with location, path, excerpt and hint', () => {
    const out = text([rejectedReport()], ctx({ sourceLine: (_r, file, line) => (file === 'message.xml' ? SOURCE[line - 1] : undefined) }));
    expect(out).toContain('✖ would be rejected (schema not checked)  ERN 4.3 · 1 message · 1 release · 1 error · 1 warning · 1 skipped');
    expect(out).toContain('Release R1 “Blue Hour” UPC 00602445790128 → would be left out');
    const lines = out.split('\n');
    const err = lines.findIndex((l) => l.includes('ISRC "GBAYE0000"'));
    expect(lines[err]).toMatch(/^ {6}3:11 {2}error {4}ISRC "GBAYE0000" is not 12 characters CCXXXYYNNNNN {2}codes-isrc-syntax$/);
    expect(lines[err + 1].trim()).toBe('at /NewReleaseMessage/ResourceList/SoundRecording/SoundRecordingEdition/ResourceId/ISRC');
    expect(lines[err + 2].trim()).toBe('3 |   <ISRC>GBAYE0000</ISRC>');
    // The caret sits under column 11 (the "G" of the ISRC... column counts from 1).
    const caretLine = lines[err + 3];
    const codeStart = lines[err + 2].indexOf('|') + 2;
    expect(caretLine.indexOf('^') - codeStart).toBe(10);
    expect(lines[err + 4].trim()).toBe('hint: Send the ISRC as 12 characters without dashes.');
    // A tab before the column is printed as two spaces and the caret follows it.
    const warn = lines.findIndex((l) => l.includes('Territory "XX"'));
    expect(lines[warn + 2].trim()).toBe('5 |   <TerritoryCode>XX</TerritoryCode>');
    // Message-level skip comes before the release; the plain pass is not listed.
    expect(out.indexOf('No XSD for ERN 4.3')).toBeLessThan(out.indexOf('Release R1'));
    expect(out).not.toContain('codes-upc-checksum');
    expect(out).not.toMatch(/\u001b\[/);
  });

  it('colours only when asked, and lists passes when verbose', () => {
    const out = text([rejectedReport()], ctx({ color: true, verbose: true }));
    expect(out).toMatch(/\u001b\[31m✖ would be rejected/);
    expect(out).toContain('codes-upc-checksum');
  });

  it('cuts a long line to a window around the column', () => {
    const long = '<a>' + 'x'.repeat(500) + '<ISRC>BAD</ISRC>' + 'y'.repeat(500);
    const r = report({ checks: [check({ rule: 'codes-isrc-syntax', status: 'error', line: 1, column: 504, release: 'R1' })] });
    const out = text([r], ctx({ sourceLine: () => long }));
    const lines = out.split('\n');
    const code = lines.find((l) => l.includes('1 |') && l.includes('ISRC'))!;
    expect(code.length).toBeLessThan(140);
    const caret = lines[lines.indexOf(code) + 1];
    expect(code[caret.indexOf('^')]).toBe('<');
    expect(code.slice(caret.indexOf('^'), caret.indexOf('^') + 6)).toBe('<ISRC>');
  });

  it('puts a media file finding under the message of its release, naming the file', () => {
    const r = report({ checks: [check({ rule: 'audio-format-accepted', stage: 'audio', status: 'error', file: 'resources/01.mp3', release: 'R1' })] });
    const out = text([r], ctx());
    expect(out).toContain('  deliveries/batch-1/message.xml\n    Release R1');
    expect(out).toContain('in resources/01.mp3');
  });

  it('prints skipped checks that say the same thing once, naming every rule', () => {
    const skip = (rule: string) => check({ rule, stage: 'package', status: 'skipped', message: 'files not at hand', hint: 'check the folder' });
    const out = text([report({ checks: [skip('package-file-hash'), skip('package-file-present'), skip('package-file-size')] })], ctx());
    expect(out.match(/files not at hand/g)).toHaveLength(1);
    expect(out).toContain('skipped  files not at hand  package-file-hash, package-file-present, package-file-size');
    expect(out).toContain('0 errors · 0 warnings · 3 skipped');
  });

  it('closes with a summary table for several inputs', () => {
    const ok = report({ source: '/work/deliveries/ok', checks: [check({ rule: 'codes-upc-checksum', status: 'pass' })] });
    const out = text([rejectedReport(), ok], ctx());
    expect(out).toContain('input               verdict            errors  warnings  skipped');
    expect(out).toContain('deliveries/batch-1  would_be_rejected       1         1        1');
    expect(out).toContain('deliveries/ok       would_import            0         0        0');
    expect(out).toContain('2 inputs, 1 failing --fail-on rejected');
  });
});

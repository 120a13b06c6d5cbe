/**
 * A test report keeps the source lines its findings point at (test-reports/source-lines.ts), read
 * from the batch while the dry run has it: from a message inside a zip and from a lone XML, with
 * lines counted as XML counts them (LF, CRLF and a lone CR each end one line; the engine's
 * `findSourceLines`, whose own test checks any bytes in any chunks).
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { validate } from '@ddex-check/engine';
import { albumZip } from '../../test/support/ddex-fixtures.js';
import { sourceLinesOf } from './source-lines.js';

const badIsrc = (xml: string) => xml.replace(/<ISRC>[^<]*<\/ISRC>/, '<ISRC>NOT-AN-ISRC</ISRC>');

describe('source lines of a test report', () => {
  it('reads each finding\'s line from a zip entry and from a lone XML', async () => {
    const { zip, upc } = await albumZip({ edit: badIsrc });
    const report = await validate(zip, { name: 'album.zip' });
    const finding = report.checks.find((c) => c.status === 'error' && c.line !== null && c.file === `${upc}.xml`);
    expect(finding, JSON.stringify(report.checks.filter((c) => c.status === 'error').map((c) => [c.rule, c.file, c.line]))).toBeTruthy();
    const lines = await sourceLinesOf({ kind: 'buffer', bytes: zip }, 'album.zip', report);
    expect(lines[`${upc}.xml`][String(finding!.line)]).toContain('NOT-AN-ISRC');

    const xml = Buffer.from(badIsrc((await import('node:fs')).readFileSync(new URL('../../../../fixtures/batches/album-43/5012345678900.xml', import.meta.url), 'utf8')));
    const lone = await validate(xml, { name: 'message.xml' });
    const located = lone.checks.find((c) => c.status === 'error' && c.line !== null && /ISRC|isrc/.test(c.rule + c.message));
    expect(located).toBeTruthy();
    const loneLines = await sourceLinesOf({ kind: 'buffer', bytes: xml }, 'message.xml', lone);
    expect(loneLines[located!.file][String(located!.line)]).toContain('NOT-AN-ISRC');
  });

  it('reads a lone message in memory from its bytes: a BOM dropped, each kind of line end, lines cut at 400 characters', async () => {
    const xml = Buffer.from(`\uFEFF<?xml version="1.0"?>\r\n<a>\r<b>€</b>\n<c>${'€'.repeat(500)}</c>\n</a>`);
    const report = { checks: [1, 2, 3, 4, 5].map((line) => ({ line, file: 'm.xml', status: 'error' })) } as never;
    const expected = { 1: '<?xml version="1.0"?>', 2: '<a>', 3: '<b>€</b>', 4: `<c>${'€'.repeat(397)}`, 5: '</a>' };
    expect(await sourceLinesOf({ kind: 'buffer', bytes: xml }, 'm.xml', report)).toEqual({ 'm.xml': expected });
    // The same message as a file, read as a stream.
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'source-lines-')), 'm.xml');
    writeFileSync(file, xml);
    expect(await sourceLinesOf({ kind: 'file', path: file }, 'm.xml', report)).toEqual({ 'm.xml': expected });
  });
});

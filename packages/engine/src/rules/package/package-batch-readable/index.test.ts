import { describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { validate } from '../../../validate.js';
import { expectFindings } from '../../testing/pin.js';

describe('package-batch-readable', () => {
  it('passes a folder with a message', async () => {
    const report = await validate(path.resolve(__dirname, '../../../../../../fixtures/batches/album-43'), { media: false });
    expect(report.checks.find((c) => c.rule === 'package-batch-readable')?.status).toBe('pass');
  });
  it('reports a folder without any message as an error naming the folder', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'ddex-empty-'));
    writeFileSync(path.join(dir, 'readme.txt'), 'hello');
    const report = await validate(dir);
    const check = report.checks.find((c) => c.rule === 'package-batch-readable');
    expect(check).toMatchObject({ status: 'error', stage: 'package' });
    expect(report.verdict).toBe('would_be_rejected');
    // About the batch, not a place in a message: no line, column or path; the file is the folder.
    expectFindings({ findings: report.checks.filter((c) => c.rule === 'package-batch-readable') }, '', [{ id: 'failed', at: null, path: null }]);
    expect(check!.file).toBe(dir);
  });
  it('names the zip entry that makes a delivery unreadable, with no place in a message', async () => {
    const report = await validate(path.resolve(__dirname, '../../../../../../fixtures/bad/zip-slip.zip'));
    const checks = report.checks.filter((c) => c.rule === 'package-batch-readable');
    expectFindings({ findings: checks }, '', [{ id: 'failed', at: null, path: null }]);
    expect(checks[0].file).toBe('../evil.txt');
  });
  it('throws for a path that does not exist (a usage error, not a delivery defect)', async () => {
    await expect(validate('/nonexistent/ddex/batch')).rejects.toMatchObject({ code: 'not_found' });
  });
});

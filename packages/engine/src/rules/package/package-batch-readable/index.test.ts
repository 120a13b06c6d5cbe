import { describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { validate } from '../../../validate.js';

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
  });
  it('throws for a path that does not exist (a usage error, not a delivery defect)', async () => {
    await expect(validate('/nonexistent/ddex/batch')).rejects.toMatchObject({ code: 'not_found' });
  });
});

/**
 * The log scanner CI runs after the server suite (scan-test-logs.mjs) must find what it looks for:
 * each credential shape, each credential the harness recorded, each password the tests type, with
 * its file and line; redacted forms and ordinary lines pass; a folder without logs is an error,
 * never a clean result.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const SCANNER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'scan-test-logs.mjs');
const dirs: string[] = [];
function folder(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scan-test-logs-'));
  dirs.push(dir);
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text);
  return dir;
}
afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

const scan = (dir: string) => spawnSync(process.execPath, [SCANNER, dir], { encoding: 'utf8' });

const clean = [
  '{"reqId":"a","req":{"url":"/invite/[redacted]"},"msg":"incoming request"}',
  '{"req":{"url":"/v1/ddex/uploads/3/parts/1?expires=1&signature=[redacted]"}}',
  '{"msg":"key svc_live_[redacted] used","prefix":"svc_live_AbCd"}',
  '{"err":"Bearer [redacted] refused","secret":"whsec_[redacted]"}',
  '{"url":"https://s3/b/k?X-Amz-Signature=[redacted]"}',
].join('\n');

describe('scan-test-logs.mjs', () => {
  it('passes redacted logs and exits 0', () => {
    const r = scan(folder({ 'a.log': clean, 'secrets.txt': 'sftp-password-1234567\n' }));
    expect(r.stdout).toContain('1 logs, 5 lines, 1 created credentials searched: 0 found');
    expect(r.status).toBe(0);
  });

  it.each([
    ['an API key', '{"msg":"svc_live_Qx3kVbYw1nL0pRsTuVwXyZ0123456789abcdefghi"}'],
    ['a webhook secret', 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw'],
    ['an S3 presigned signature', '"url":"/b/k?X-Amz-Algorithm=AWS4&X-Amz-Signature=0123456789abcdef0123"'],
    ['a part URL signature', '"url":"/v1/ddex/uploads/1/parts/1?expires=9&signature=AbCdEfGhIjKlMnOpQrSt"'],
    ['an invitation token', '"url":"/invite/Zm9vYmFyYmF6cXV4MTIzNDU2"'],
    ['a bearer credential', '"authorization":"Bearer abcdefghijklmnopqrstuv"'],
    ['a credential the tests created', '{"msg":"login sftp-password-1234567 ok"}'],
    ['a credential the tests created', '{"form":"password=a-long-enough-password"}'],
  ])('finds %s, with its file and line, and exits 1', (what, line) => {
    const dir = folder({ 'b.log': `${clean}\n${line}\n`, 'secrets.txt': 'sftp-password-1234567\n' });
    const r = scan(dir);
    expect(r.status).toBe(1);
    expect(r.stdout).toContain(`${path.join(dir, 'b.log')}:6: ${what}`);
    // The hit names the kind and at most a few first characters, never the credential.
    expect(r.stdout).not.toContain('1234567');
  });

  it('refuses a folder without logs (exit 2)', () => {
    expect(scan(folder({ 'secrets.txt': 'x'.repeat(20) })).status).toBe(2);
    expect(() => execFileSync(process.execPath, [SCANNER, path.join(os.tmpdir(), 'no-such-folder-scan')], { stdio: 'pipe' })).toThrow();
  });
});

#!/usr/bin/env node
/**
 * Searches the server suite's logs (the harness keeps every test server's stdout and stderr in
 * DDEX_TEST_LOG_DIR) for credentials: every one the harness saw created (`secrets.txt`: API keys,
 * SFTP passwords, webhook secrets from admin answers), the passwords the tests type, and any
 * credential's shape (a whole API key, a webhook secret, a signed URL's signature, an invitation
 * token). Prints each hit as file:line and what it was, and exits 1 when there is any; 2 when
 * there are no logs at all (a scan of nothing proves nothing).
 *
 * node apps/server/test/scan-test-logs.mjs [log-dir]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Passwords typed by the tests themselves (forms, SFTP logins), never printed by an admin command. */
export const TEST_PASSWORDS = ['a-long-enough-password', 'not-the-password'];

/** Credential shapes; the redacted forms (`…[redacted]`) do not match. */
export const SECRET_SHAPES = [
  // An API key: the prefix shown in listings is short; a whole key has 43 characters after it.
  { what: 'an API key', pattern: /svc_(?:live|test)_[A-Za-z0-9_-]{20,}/ },
  { what: 'a webhook secret', pattern: /whsec_[A-Za-z0-9+/=]{16,}/ },
  { what: 'an S3 presigned signature', pattern: /X-Amz-Signature=(?!\[redacted\])[0-9a-f]{16,}/i },
  { what: 'a part URL signature', pattern: /[?&]signature=(?!\[redacted\])[\w%-]{16,}/i },
  { what: 'an invitation token', pattern: /\/invite\/(?!\[redacted\])[\w-]{16,}/ },
  { what: 'a bearer credential', pattern: /Bearer\s+(?!\[redacted\])[\w.~+/-]{16,}/ },
];

/** Every hit in one log's text: `{line, what}`. */
export function scanText(text, secrets) {
  const hits = [];
  text.split('\n').forEach((line, i) => {
    for (const { what, pattern } of SECRET_SHAPES) if (pattern.test(line)) hits.push({ line: i + 1, what });
    for (const secret of secrets) if (line.includes(secret)) hits.push({ line: i + 1, what: `a credential the tests created (${secret.length} characters, starting ${secret.slice(0, 4)}…)` });
  });
  return hits;
}

export function scanFolder(dir) {
  const listed = path.join(dir, 'secrets.txt');
  const created = fs.existsSync(listed) ? fs.readFileSync(listed, 'utf8').split('\n').filter((s) => s.length >= 12) : [];
  const secrets = [...new Set([...created, ...TEST_PASSWORDS])];
  const logs = fs.existsSync(dir) ? fs.readdirSync(dir).filter((n) => n.endsWith('.log')) : [];
  const hits = [];
  let lines = 0;
  for (const name of logs) {
    const text = fs.readFileSync(path.join(dir, name), 'utf8');
    lines += text.split('\n').filter(Boolean).length;
    for (const hit of scanText(text, secrets)) hits.push({ file: name, ...hit });
  }
  return { logs: logs.length, lines, secrets: created.length, hits };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const dir = process.argv[2] || process.env.DDEX_TEST_LOG_DIR || path.join(os.tmpdir(), 'ddex-server-test-logs');
  const r = scanFolder(dir);
  if (r.logs === 0) {
    console.error(`scan-test-logs: no logs in ${dir}`);
    process.exit(2);
  }
  for (const h of r.hits) console.log(`${path.join(dir, h.file)}:${h.line}: ${h.what}`);
  console.log(`scan-test-logs: ${r.logs} logs, ${r.lines} lines, ${r.secrets} created credentials searched: ${r.hits.length} found`);
  process.exit(r.hits.length ? 1 : 0);
}

/** Host keys: every key made is one ssh2 reads back (ssh2's own generator makes some it refuses). */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ssh2 from 'ssh2';
import { describe, expect, it } from 'vitest';
import { generateHostKey, keyFromFile } from './host-key.js';

describe('SSH host key', () => {
  it('makes keys that ssh2 parses, every time (1 in 400 of ssh2 generateKeyPairSync ones do not)', () => {
    for (let i = 0; i < 2000; i++) expect(ssh2.utils.parseKey(generateHostKey())).not.toBeInstanceOf(Error);
  });

  it('keeps the first key made in SFTP_HOST_KEY_FILE, mode 0600, and leaves no temporary file', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'host-key-'));
    try {
      const first = keyFromFile(path.join(dir, 'sftp/host-key'));
      expect(keyFromFile(path.join(dir, 'sftp/host-key'))).toBe(first);
      expect(fs.statSync(path.join(dir, 'sftp/host-key')).mode & 0o777).toBe(0o600);
      expect(fs.readdirSync(path.join(dir, 'sftp'))).toEqual(['host-key']);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

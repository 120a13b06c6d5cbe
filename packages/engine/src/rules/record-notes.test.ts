import { describe, expect, it } from 'vitest';
import { RecordHashes } from './record-notes.js';
import { hashText } from '../hash-text.js';

describe('RecordHashes', () => {
  it('gives the numbers, in order, of the records whose text another record has too', () => {
    const hashes = new RecordHashes();
    const texts = ['GBXYZ2600001', 'USABC2600001', null, 'GBXYZ2600002', 'GBXYZ2600001', 'USABC2600001', 'FRAAA2600009'];
    texts.forEach((text, n) => hashes.set(n, text));
    expect(hashes.shared()).toEqual([0, 1, 4, 5]);
  });

  it('gives none when every text differs, and ignores records never noted', () => {
    const hashes = new RecordHashes();
    hashes.set(3, 'A');
    hashes.set(7, 'B');
    expect(hashes.shared()).toEqual([]);
  });

  it('includes records whose different texts only share a hash, for the caller to compare', () => {
    // Found by search: two ISRCs with one FNV-1a hash.
    expect(hashText('GBXYZ0724786')).toBe(hashText('GBXYZ1065240'));
    const hashes = new RecordHashes();
    hashes.set(0, 'GBXYZ0724786');
    hashes.set(1, 'GBXYZ2600001');
    hashes.set(2, 'GBXYZ1065240');
    expect(hashes.shared()).toEqual([0, 2]);
  });

  it('grows past its first size, numbers noted out of order', () => {
    const hashes = new RecordHashes();
    hashes.set(5000, 'once');
    for (let n = 4999; n >= 0; n--) hashes.set(n, `T${n % 2500}`);
    const shared = hashes.shared();
    expect(shared).toHaveLength(5000);
    expect(shared[0]).toBe(0);
    expect(shared.at(-1)).toBe(4999);
    expect(shared).not.toContain(5000);
  });
});

import { describe, expect, it } from 'vitest';
import { formatListing, type SchemaListing } from '../src/schemas/list.js';

describe('schemas list table', () => {
  it('pads every column but the last to its widest cell, whatever the folder length', () => {
    const listing: SchemaListing = {
      roots: [{ root: '/a/very/long/place/xsd', origin: 'env', exists: true }],
      sets: [
        { version: '3.8.2', origin: 'env', dir: '/a/very/long/place/xsd/ern-3.8.2', used: true },
        { version: '4.3', origin: 'cache', dir: '/c/ern-4.3', used: false, pulledFrom: 'http://x/ern/43/release-notification.xsd', pulledAt: '2026-11-20T10:00:00Z' },
      ],
    };
    const lines = formatListing(listing).split('\n');
    const table = lines.slice(lines.indexOf('') + 1).filter((l) => l !== '');
    expect(table).toHaveLength(3);
    const sourceAt = table[0].indexOf('source');
    expect(sourceAt).toBe('version  origin  status    folder'.length + '/a/very/long/place/xsd/ern-3.8.2'.length - 'folder'.length + 2);
    expect(table[1].indexOf('local folder')).toBe(sourceAt);
    expect(table[2].indexOf('pulled 2026-11-20 from http://x/')).toBe(sourceAt);
    expect(table[2]).toContain('shadowed');
  });
});

import { describe, expect, it } from 'vitest';
import { sample } from '../test-support.js';
import { isIgnoredPath, isMarkerName, roleOfRoot, sniffEntry } from './classify.js';
import { fileEntry } from './folder.js';

describe('roleOfRoot', () => {
  it.each([
    ['NewReleaseMessage', 'http://ddex.net/xml/ern/43', 'message'],
    ['PurgeReleaseMessage', 'http://ddex.net/xml/ern/382', 'message'],
    ['CatalogListMessage', 'http://ddex.net/xml/ern/37', 'message'],
    ['NewReleaseMessage', '', 'message'],
    ['NewReleaseMessage', 'urn:someone-else', 'message'],
    ['ReleaseNotification', 'http://ddex.net/xml/ern/43', 'message'],
    ['ManifestMessage', 'http://ddex.net/xml/2011/echo/12', 'manifest'],
    ['ManifestMessage', 'http://ddex.net/xml/ern-c/15', 'manifest'],
    ['FtpAcknowledgementMessage', 'http://ddex.net/xml/ern-c-sftp/16', 'other'],
    ['ReleaseNotes', '', 'other'],
  ])('<%s xmlns="%s"> is %s', (name, ns, role) => {
    expect(roleOfRoot({ status: 'root', name, ns })).toBe(role);
  });

  it('counts an unreadable or cut start as a message, so that it gets reported', () => {
    expect(roleOfRoot({ status: 'not-xml', reason: 'x' })).toBe('message');
    expect(roleOfRoot({ status: 'incomplete' })).toBe('message');
  });
});

describe('names', () => {
  it.each([
    ['b/BatchComplete_20240305090206405.xml', true],
    ['batchcomplete_1.XML', true],
    ['b/delivery.complete', true],
    ['b/BatchComplete.xml', false],
    ['b/R1/R1.xml', false],
  ])('marker %s: %s', (p, expected) => {
    expect(isMarkerName(p)).toBe(expected);
  });

  it.each([
    ['.DS_Store', true],
    ['b/.hidden/x.xml', true],
    ['__MACOSX/b/._R1.xml', true],
    ['b/R1/resources/01.flac', false],
    ['b/R1.v2/x.xml', false],
  ])('ignored %s: %s', (p, expected) => {
    expect(isIgnoredPath(p)).toBe(expected);
  });
});

describe('sniffEntry', () => {
  it('reads the root of the UTF-16 sample', async () => {
    const file = sample('originalworks-protocol/DDEX_messages/ERN_NewReleaseMessage_example.xml');
    const sniff = await sniffEntry(fileEntry(file, 'x.xml', 0));
    expect(sniff).toMatchObject({ status: 'root', name: 'NewReleaseMessage' });
    expect(sniff.status === 'root' && sniff.ns).toMatch(/ddex\.net\/xml\/ern\//);
  });

  it('reads further when a long comment hides the root past the first 8 KB', async () => {
    const head = `<?xml version="1.0"?>\n<!--${'x'.repeat(20_000)}-->\n<ern:NewReleaseMessage xmlns:ern="http://ddex.net/xml/ern/42">`;
    const entry = { path: 'm.xml', size: head.length, open: async () => (await import('node:stream')).Readable.from([Buffer.from(head)]) };
    expect(await sniffEntry(entry)).toEqual({ status: 'root', name: 'NewReleaseMessage', ns: 'http://ddex.net/xml/ern/42' });
  });

  it('says not XML for a file that cannot be opened', async () => {
    const entry = fileEntry('/nonexistent/definitely/missing.xml', 'missing.xml', 0);
    expect(await sniffEntry(entry)).toMatchObject({ status: 'not-xml' });
  });
});

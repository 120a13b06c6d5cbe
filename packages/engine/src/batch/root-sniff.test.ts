import { describe, expect, it } from 'vitest';
import { sniffRoot } from './root-sniff.js';

const ERN43 = 'http://ddex.net/xml/ern/43';
const utf16 = (text: string, bigEndian: boolean) => {
  const le = Buffer.from('\ufeff' + text, 'utf16le');
  return bigEndian ? Buffer.from(le).swap16() : le;
};

describe('sniffRoot', () => {
  it.each([
    ['prefixed root after a declaration', `<?xml version="1.0"?>\n<ern:NewReleaseMessage xmlns:ern="${ERN43}" AvsVersionId="7">`, 'NewReleaseMessage', ERN43],
    ['default namespace', `<NewReleaseMessage xmlns="${ERN43}">`, 'NewReleaseMessage', ERN43],
    ['no namespace', '<PurgeReleaseMessage>', 'PurgeReleaseMessage', ''],
    ['namespace declared after other attributes, single quotes', `<e:CatalogListMessage a='1' xmlns:e='http://ddex.net/xml/ern/37'>`, 'CatalogListMessage', 'http://ddex.net/xml/ern/37'],
    ['prefix bound to another namespace than the default', `<m:ManifestMessage xmlns="urn:other" xmlns:m="http://ddex.net/xml/ern-c/15">`, 'ManifestMessage', 'http://ddex.net/xml/ern-c/15'],
    ['empty root element', '<ManifestMessage/>', 'ManifestMessage', ''],
    ['comments, PIs and whitespace before the root', '\n <!-- a > b --> <?pi x?>\n<!-- c --><Root xmlns="urn:x">', 'Root', 'urn:x'],
    ['DOCTYPE with internal subset holding > and ] in quotes', `<!DOCTYPE r [ <!ENTITY a "x>]y"> <!-- ] > --> ]><r:NewReleaseMessage xmlns:r="${ERN43}">`, 'NewReleaseMessage', ERN43],
    ['DOCTYPE with a SYSTEM id', '<!DOCTYPE NewReleaseMessage SYSTEM "file:///etc/passwd"><NewReleaseMessage>', 'NewReleaseMessage', ''],
    ['attribute value holding >', `<ern:NewReleaseMessage note="a>b" xmlns:ern="${ERN43}">`, 'NewReleaseMessage', ERN43],
  ])('%s', (_label, text, name, ns) => {
    expect(sniffRoot(Buffer.from(text))).toEqual({ status: 'root', name, ns });
  });

  it('skips a UTF-8 byte order mark', () => {
    const bytes = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(`<?xml version="1.0"?><ern:NewReleaseMessage xmlns:ern="${ERN43}">`)]);
    expect(sniffRoot(bytes)).toEqual({ status: 'root', name: 'NewReleaseMessage', ns: ERN43 });
  });

  it.each([false, true])('reads UTF-16 (big endian: %s) with its BOM', (bigEndian) => {
    const bytes = utf16(`<?xml version="1.0" encoding="UTF-16"?>\n<ern:NewReleaseMessage xmlns:ern="${ERN43}">`, bigEndian);
    expect(sniffRoot(bytes)).toEqual({ status: 'root', name: 'NewReleaseMessage', ns: ERN43 });
  });

  it('reads UTF-16 LE without a BOM, and ignores a trailing odd byte', () => {
    const bytes = Buffer.concat([Buffer.from('<Root xmlns="urn:y">', 'utf16le'), Buffer.from([0x41])]);
    expect(sniffRoot(bytes)).toEqual({ status: 'root', name: 'Root', ns: 'urn:y' });
  });

  it.each([
    ['empty', Buffer.alloc(0)],
    ['plain text', Buffer.from('This is not XML <NewReleaseMessage>')],
    ['binary with NUL bytes', Buffer.from([0x66, 0x4c, 0x61, 0x43, 0x00, 0x00, 0x00, 0x22])],
    ['CDATA before any element', Buffer.from('<![CDATA[x]]><a/>')],
    ['an end tag first', Buffer.from('</a>')],
    ['malformed start tag', Buffer.from('<NewReleaseMessage attr>')],
  ])('says not XML for %s', (_label, bytes) => {
    expect(sniffRoot(bytes).status).toBe('not-xml');
  });

  it.each([
    ['a cut declaration', '<?xml version="1.0" enc'],
    ['a cut comment', '<?xml version="1.0"?><!-- long'],
    ['a cut DOCTYPE', '<!DOCTYPE r [ <!ENTITY a "b">'],
    ['a cut start tag', `<ern:NewReleaseMessage xmlns:ern="${ERN43}" Av`],
    ['a cut attribute value holding >', `<ern:NewReleaseMessage a="x>y`],
    ['only whitespace', '   \n'],
    ['a lone <', '<'],
  ])('says incomplete for %s', (_label, text) => {
    expect(sniffRoot(Buffer.from(text))).toEqual({ status: 'incomplete' });
  });
});

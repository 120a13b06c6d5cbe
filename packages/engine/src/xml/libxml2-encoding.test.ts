import { describe, expect, it } from 'vitest';
import { bytesForLibxml2 } from './libxml2-encoding.js';

const doc = (encoding: string) => `<?xml version="1.0" encoding="${encoding}"?>\n<a>caf\u00e9 \u20ac</a>\n`;

describe('bytesForLibxml2', () => {
  it('hands UTF-8, UTF-16 and ISO-8859-1 over untouched', () => {
    for (const bytes of [
      Buffer.from(doc('UTF-8')),
      Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(doc('utf-8'))]),
      Buffer.from('\ufeff' + doc('UTF-16'), 'utf16le'),
      Buffer.from(doc('UTF-16').replace('\u20ac', 'E'), 'latin1'),
      Buffer.from('<a/>'),
    ]) {
      const prepared = bytesForLibxml2(bytes);
      expect(prepared.bytes).toBe(bytes);
      expect(prepared.transcodedFrom).toBeUndefined();
    }
  });

  it('transcodes windows-1252 to UTF-8 and rewrites the declaration', () => {
    const cp1252 = Buffer.concat([Buffer.from('<?xml version="1.0" encoding="windows-1252"?>\n<a>caf'), Buffer.from([0xe9, 0x20, 0x80]), Buffer.from('</a>\n')]);
    const prepared = bytesForLibxml2(cp1252);
    expect(prepared.transcodedFrom).toBe('windows-1252');
    expect(prepared.bytes.toString('utf8')).toBe('<?xml version="1.0" encoding="UTF-8"?>\n<a>caf\u00e9 \u20ac</a>\n');
  });

  it('reads the label latin1 as ISO-8859-1, not windows-1252', () => {
    const prepared = bytesForLibxml2(Buffer.concat([Buffer.from("<?xml version='1.0' encoding='latin1'?><a>"), Buffer.from([0xe9, 0x80]), Buffer.from('</a>')]));
    expect(prepared.bytes.toString('utf8')).toBe("<?xml version='1.0' encoding='UTF-8'?><a>\u00e9\u0080</a>");
  });

  it('leaves an encoding unknown to Node for libxml2 to refuse', () => {
    const bytes = Buffer.from(doc('x-no-such-encoding'));
    expect(bytesForLibxml2(bytes).bytes).toBe(bytes);
  });
});

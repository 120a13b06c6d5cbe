/**
 * Test messages: the official ERN 4.3 audio sample (read from ../shared, never copied), given a
 * fresh UPC (valid GTIN check digit) and fresh ISRCs so tests do not collide in the catalog.
 */
import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import yazl from 'yazl';

const SHARED = process.env.DDEX_SHARED_DIR ?? path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../../../../shared/ddex');
export const AUDIO_43 = path.join(SHARED, 'samples/ddex-official-ern43/1 Audio.xml');
const ORIGINAL_UPC = '00094631432057';

/** A GTIN-14 with a correct check digit. */
export function freshUpc(): string {
  const body = '0' + String(crypto.randomInt(10 ** 9, 10 ** 10)) + String(crypto.randomInt(10, 100));
  const digits = body.split('').map(Number);
  const sum = digits.reduce((acc, d, i) => acc + d * ((digits.length - i) % 2 === 1 ? 3 : 1), 0);
  return body + String((10 - (sum % 10)) % 10);
}

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

export function audioMessage(o: { upc?: string; title?: string } = {}): { xml: string; upc: string } {
  const upc = o.upc ?? freshUpc();
  const registrant = Array.from({ length: 3 }, () => ALNUM[crypto.randomInt(ALNUM.length)]).join('');
  let xml = fs.readFileSync(AUDIO_43, 'utf8').replaceAll(ORIGINAL_UPC, upc).replaceAll('JPTO0', `QZ${registrant}`);
  if (o.title) xml = xml.replace('Yume no Hajmari', o.title);
  return { xml, upc };
}

/** A message the engine rejects: not well-formed XML. */
export const BROKEN_XML = '<?xml version="1.0"?><ern:NewReleaseMessage xmlns:ern="http://ddex.net/xml/ern/43"><MessageHeader></ern:NewReleaseMessage>';

export function zipOf(files: Record<string, string | Buffer>): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, content] of Object.entries(files)) zip.addBuffer(Buffer.isBuffer(content) ? content : Buffer.from(content), name);
  zip.end();
  const chunks: Buffer[] = [];
  return new Promise((resolve, reject) => {
    zip.outputStream.on('data', (c: Buffer) => chunks.push(c));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on('error', reject);
  });
}

const ALBUM_DIR = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../../../fixtures/batches/album-43');
const ALBUM_UPC = '5012345678900';

/** An EAN-13 with a correct check digit. */
export function freshEan13(): string {
  const body = '50' + String(crypto.randomInt(10 ** 9, 10 ** 10)) + String(crypto.randomInt(0, 10));
  const digits = body.split('').map(Number);
  const sum = digits.reduce((acc, d, i) => acc + d * ((digits.length - i) % 2 === 1 ? 3 : 1), 0);
  return body + String((10 - (sum % 10)) % 10);
}

/**
 * The repository's own ERN 4.3 album batch (fixtures/batches/album-43: message, FLAC tracks, cover)
 * as a zip, with a fresh UPC and ISRCs; `extra` adds files (another message) to the zip. A
 * re-delivery of the same album gives its `upc` and `registrant` (the ISRCs' registrant code, three
 * letters) and, to change it, `edit` (applied to the message's text).
 */
export async function albumZip(o: { upc?: string; registrant?: string; edit?: (xml: string) => string; extra?: Record<string, string | Buffer> } = {}): Promise<{ zip: Buffer; upc: string; registrant: string }> {
  const upc = o.upc ?? freshEan13();
  const registrant = o.registrant ?? Array.from({ length: 3 }, () => ALNUM[crypto.randomInt(26)]).join('');
  const read = fs.readFileSync(path.join(ALBUM_DIR, `${ALBUM_UPC}.xml`), 'utf8').replaceAll(ALBUM_UPC, upc).replaceAll('GBXYZ26', `GB${registrant}26`);
  const xml = o.edit ? o.edit(read) : read;
  const files: Record<string, string | Buffer> = { [`${upc}.xml`]: xml, ...o.extra };
  for (const name of fs.readdirSync(path.join(ALBUM_DIR, 'resources'))) files[`resources/${name}`] = fs.readFileSync(path.join(ALBUM_DIR, 'resources', name));
  return { zip: await zipOf(files), upc, registrant };
}

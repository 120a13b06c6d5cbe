/**
 * Turns the bytes of a message into text for saxes, chunk by chunk, honouring the BOM or the XML
 * declaration (UTF-8 with or without BOM, UTF-16 LE/BE, ISO-8859-1, windows-1252). Samples carry
 * UTF-8 BOMs and one UTF-16 BE file, so nothing may assume UTF-8.
 */
import { TextDecoder } from 'node:util';
export class EncodingError extends Error {
    constructor(message) {
        super(message);
        this.name = 'EncodingError';
    }
}
const SUPPORTED = {
    'utf-8': 'utf-8',
    utf8: 'utf-8',
    'utf-16': 'utf-16le',
    'utf-16le': 'utf-16le',
    'utf-16be': 'utf-16be',
    'iso-8859-1': 'latin1',
    latin1: 'latin1',
    'us-ascii': 'utf-8',
    ascii: 'utf-8',
    'windows-1252': 'windows-1252',
    cp1252: 'windows-1252',
};
/** Chooses the encoding from the first bytes of the document. */
export function sniffEncoding(head) {
    if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf)
        return 'utf-8';
    if (head[0] === 0xfe && head[1] === 0xff)
        return 'utf-16be';
    if (head[0] === 0xff && head[1] === 0xfe)
        return 'utf-16le';
    if (head[0] === 0x00 && head[1] === 0x3c)
        return 'utf-16be';
    if (head[0] === 0x3c && head[1] === 0x00)
        return 'utf-16le';
    const prolog = Buffer.from(head.subarray(0, 200)).toString('latin1');
    const declared = /^<\?xml[^>]*\bencoding\s*=\s*["']([A-Za-z0-9._-]+)["']/.exec(prolog)?.[1]?.toLowerCase();
    if (!declared)
        return 'utf-8';
    const mapped = SUPPORTED[declared];
    if (!mapped)
        throw new EncodingError(`the XML declaration names encoding "${declared}", which is not supported (use UTF-8)`);
    // A UTF-16 declaration on bytes that look ASCII-compatible is a lie; read them as UTF-8.
    return mapped.startsWith('utf-16') ? 'utf-8' : mapped;
}
/** A streaming decoder; throws EncodingError on bytes that are invalid in the chosen encoding. */
export class MessageDecoder {
    decoder = null;
    encoding = 'utf-8';
    write(chunk) {
        if (!this.decoder) {
            this.encoding = sniffEncoding(chunk);
            this.decoder = new TextDecoder(this.encoding, { fatal: true });
        }
        try {
            return this.decoder.decode(chunk, { stream: true });
        }
        catch {
            throw new EncodingError(`the message is not valid ${this.encoding.toUpperCase()}`);
        }
    }
    end() {
        if (!this.decoder)
            return '';
        try {
            return this.decoder.decode();
        }
        catch {
            throw new EncodingError(`the message ends inside a ${this.encoding.toUpperCase()} character`);
        }
    }
}
//# sourceMappingURL=decode.js.map
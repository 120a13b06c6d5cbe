/**
 * Image facts from sharp's metadata (format, size, colour space, channels), plus the end-of-file
 * markers that tell a truncated JPEG or PNG without decoding it; with `deep`, a full decode.
 */
import sharp from 'sharp';
import { formatOfExtension } from './sniff.js';
export async function imageFactsOf(input) {
    const facts = { format: null, width: null, height: null, space: null, channels: null, problems: [] };
    const { sniffed } = input;
    if (sniffed.kind !== 'image') {
        facts.problems.push(sniffed.kind === 'empty' ? 'the file is empty (0 bytes)' : `it is not an image: its content is ${sniffed.description}`);
        return facts;
    }
    const promised = formatOfExtension(input.path);
    if (promised && promised !== sniffed.format)
        facts.problems.push(`its name ends in ".${input.path.split('.').pop()}" but its content is ${sniffed.description}`);
    try {
        const meta = await sharp(input.bytes, { failOn: 'none' }).metadata();
        facts.format = meta.format === 'heif' ? sniffed.format : (meta.format ?? sniffed.format);
        facts.width = meta.width ?? null;
        facts.height = meta.height ?? null;
        facts.space = meta.space ?? null;
        facts.channels = meta.channels ?? null;
    }
    catch (error) {
        facts.format = sniffed.format;
        facts.problems.push(`its image header could not be read: ${error.message}`);
        return facts;
    }
    const ending = endProblem(sniffed.format, input.tail);
    if (ending)
        facts.problems.push(ending);
    if (input.deep && input.complete && !ending) {
        try {
            await sharp(input.bytes, { failOn: 'truncated', limitInputPixels: 20_000 * 20_000 }).raw().toBuffer();
        }
        catch (error) {
            facts.problems.push(`it cannot be decoded: ${error.message}`);
        }
    }
    return facts;
}
/** JPEG ends with FFD9 (EOI), possibly followed by padding; PNG with an IEND chunk. */
function endProblem(format, tail) {
    if (format === 'jpeg') {
        let end = tail.length;
        while (end > 0 && (tail[end - 1] === 0x00 || tail[end - 1] === 0x0a || tail[end - 1] === 0x0d || tail[end - 1] === 0x20))
            end--;
        const eoi = tail.lastIndexOf(Buffer.from([0xff, 0xd9]));
        if (eoi < 0 || (eoi !== end - 2 && end - eoi > 4096))
            return 'the JPEG has no end-of-image marker: the file is cut short (truncated)';
    }
    if (format === 'png' && tail.lastIndexOf(Buffer.from('IEND', 'latin1')) < 0)
        return 'the PNG has no IEND chunk: the file is cut short (truncated)';
    return null;
}
//# sourceMappingURL=probe-image.js.map
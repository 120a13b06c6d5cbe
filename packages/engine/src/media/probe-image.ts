/**
 * Image facts from sharp's metadata (format, size, colour space, channels), plus the end-of-file
 * markers that tell a truncated JPEG or PNG without decoding it; with `deep`, a full decode.
 */
import { formatOfExtension, type Sniffed } from './sniff.js';
import type { ImageFacts } from './types.js';
import { loadSharp } from './libraries.js';

export async function imageFactsOf(input: { path: string; bytes: Buffer; complete: boolean; tail: Buffer; sniffed: Sniffed; deep: boolean }): Promise<ImageFacts> {
  const facts: ImageFacts = { format: null, width: null, height: null, space: null, channels: null, problems: [] };
  const { sniffed } = input;
  if (sniffed.kind !== 'image') {
    facts.problems.push(sniffed.kind === 'empty' ? 'the file is empty (0 bytes)' : `it is not an image: its content is ${sniffed.description}`);
    return facts;
  }
  const promised = formatOfExtension(input.path);
  if (promised && promised !== sniffed.format) facts.problems.push(`its name ends in ".${input.path.split('.').pop()}" but its content is ${sniffed.description}`);
  let sharp: Awaited<ReturnType<typeof loadSharp>>['default'];
  try {
    sharp = (await loadSharp()).default;
  } catch (error) {
    // An installation problem, not the file's: said as such rather than crashing the run.
    facts.format = sniffed.format;
    facts.problems.push(`it could not be checked: the image library (sharp) did not load (${(error as Error).message}); reinstall ddex-check`);
    return facts;
  }
  try {
    const meta = await sharp(input.bytes, { failOn: 'none' }).metadata();
    facts.format = meta.format === 'heif' ? sniffed.format : (meta.format ?? sniffed.format);
    facts.width = meta.width ?? null;
    facts.height = meta.height ?? null;
    facts.space = meta.space ?? null;
    facts.channels = meta.channels ?? null;
  } catch (error) {
    facts.format = sniffed.format;
    facts.problems.push(`its image header could not be read: ${(error as Error).message}`);
    return facts;
  }
  const ending = endProblem(sniffed.format, input.tail);
  if (ending) facts.problems.push(ending);
  if (input.deep && input.complete && !ending) {
    try {
      await sharp(input.bytes, { failOn: 'truncated', limitInputPixels: 20_000 * 20_000 }).raw().toBuffer();
    } catch (error) {
      facts.problems.push(`it cannot be decoded: ${(error as Error).message}`);
    }
  }
  return facts;
}

/** JPEG ends with FFD9 (EOI), possibly followed by padding; PNG with an IEND chunk. */
function endProblem(format: string, tail: Buffer): string | null {
  if (format === 'jpeg') {
    let end = tail.length;
    while (end > 0 && (tail[end - 1] === 0x00 || tail[end - 1] === 0x0a || tail[end - 1] === 0x0d || tail[end - 1] === 0x20)) end--;
    const eoi = tail.lastIndexOf(Buffer.from([0xff, 0xd9]));
    if (eoi < 0 || (eoi !== end - 2 && end - eoi > 4096)) return 'the JPEG has no end-of-image marker: the file is cut short (truncated)';
  }
  if (format === 'png' && tail.lastIndexOf(Buffer.from('IEND', 'latin1')) < 0) return 'the PNG has no IEND chunk: the file is cut short (truncated)';
  return null;
}

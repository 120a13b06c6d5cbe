/**
 * The limits of a batch name sent by a partner: a direct upload's `name`, the `?name=` of POST
 * /ddex and /ddex/validate, a multipart file name. A name is data (the delivery's `batch_name`,
 * the report's `source`, part of an S3 key): it never names a file on disk (scratch and stored
 * files get names of the server's own, see blob/scratch-files.ts), but it must fit wherever it is
 * kept, so it is bounded in bytes as well as in characters, and it is text a person can read.
 */
import { invalid, type ApiError } from './api-error.js';

/** The spec's limit, in characters (Unicode code points). */
export const NAME_MAX_CHARS = 200;
/** In UTF-8: a file name's limit on common file systems, and well inside S3's 1024-byte keys. */
export const NAME_MAX_BYTES = 255;

// C0 controls (NUL, tab, line breaks...), DEL and the C1 controls: nothing a file name shows.
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/u;
const EXTENSION = /\.(zip|xml)$/i;
// With the u flag a pair is one code point: only an unpaired surrogate matches.
const LONE_SURROGATE = /[\ud800-\udfff]/u;

/** Why `name` is not a batch name, or null when it is one. */
export function batchNameProblem(name: string): string | null {
  if (LONE_SURROGATE.test(name)) return 'is not valid text (an unpaired UTF-16 surrogate)';
  const control = CONTROL.exec(name);
  if (control) return `contains a control character (U+${control[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')} at character ${[...name.slice(0, control.index)].length + 1})`;
  if (/[/\\]/.test(name)) return 'contains a / or \\ (send the file name alone)';
  const chars = [...name].length;
  if (chars > NAME_MAX_CHARS) return `is ${chars} characters long; at most ${NAME_MAX_CHARS}`;
  const bytes = Buffer.byteLength(name, 'utf8');
  if (bytes > NAME_MAX_BYTES) return `is ${bytes} bytes long in UTF-8; at most ${NAME_MAX_BYTES} bytes (${chars} characters of up to 4 bytes each)`;
  if (!EXTENSION.test(name) || name.length < 5) return 'must be a file name ending in .zip or .xml';
  return null;
}

/** `name` when it is a batch name; else 400 invalid naming `field` and the limit it breaks. */
export function checkBatchName(name: string, field: string): string {
  const problem = batchNameProblem(name);
  if (problem) throw nameRefused(field, problem);
  return name;
}

const nameRefused = (field: string, problem: string): ApiError => invalid(field, `${field} ${problem}.`);

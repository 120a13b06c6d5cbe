/**
 * Ids in paths and queries: a decimal integer without sign, spaces or leading zeros (`0x1`, ` 1`,
 * `01` are not ids: 400 invalid naming the field, checked by the JSON Schemas' pattern). A
 * well-formed id beyond the database's integers cannot exist: 404, as for any absent id.
 */
import { invalid, notFound } from './api-error.js';

export const CANONICAL_ID = /^[1-9][0-9]{0,18}$/;
const MAX_ID = 2147483647;

export function parseId(text: string | number, field: string): number {
  const s = String(text);
  if (!CANONICAL_ID.test(s)) throw invalid(field, `${field} must be a decimal integer without sign, spaces or leading zeros.`);
  const id = Number(s);
  if (id > MAX_ID) throw notFound();
  return id;
}

/**
 * Ids in paths and queries: a decimal integer without sign, spaces or leading zeros (`0x1`, ` 1`,
 * `01` are not ids: 400 invalid naming the field, checked by the JSON Schemas' pattern). A
 * well-formed id beyond the database's integers cannot exist: 404, as for any absent id.
 */
import { ApiError, invalid, notFound } from './api-error.js';

export const CANONICAL_ID = /^[1-9][0-9]{0,18}$/;
const MAX_ID = 2147483647;

export function parseId(text: string | number, field: string): number {
  const s = String(text);
  if (!CANONICAL_ID.test(s)) throw invalid(field, `${field} must be a decimal integer without sign, spaces or leading zeros.`);
  const id = Number(s);
  if (id > MAX_ID) throw notFound();
  return id;
}

/**
 * An id in a dashboard page's path: anything that is not an id of the database is a page that does
 * not exist (404 "There is no such …"), not a bad request: people follow links, they do not build them.
 */
export function pageId(text: string, what: string): number {
  const id = Number(text);
  if (!CANONICAL_ID.test(text) || id > MAX_ID) throw new ApiError(404, 'not_found', `There is no such ${what}.`);
  return id;
}

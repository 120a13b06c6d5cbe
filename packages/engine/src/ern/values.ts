/**
 * Small converters from element events to model values: located strings, positions, and lenient
 * number / boolean parsing (bad text gives null, never an exception: rules report it, the reader
 * only records what is there).
 */
import type { OpenElement } from '../xml/events.js';
import type { LocId } from '../xml/loc-table.js';
import { locateValue } from '../xml/pass-events.js';
import type { Dispatcher } from './dispatch.js';
import type { Located } from './model.js';

/** Located values and locations keep a path-table row, not a path string (xml/path-table.ts). */
export function located(el: OpenElement, value: string): Located {
  return locateValue(el, value);
}

/** A record's `loc`: a number in the message's location table (xml/loc-table.ts), not an object. */
export function locOf(el: OpenElement, d: Dispatcher): LocId {
  return d.locations.add(el);
}

/** An integer written as such (`2`, ` 16 `); null otherwise (`2.0` is accepted, `stereo` is not). */
export function toInt(text: string | undefined): number | null {
  if (text === undefined || text === '') return null;
  const n = Number(text);
  return Number.isInteger(n) ? n : null;
}

export function toNumber(text: string | undefined): number | null {
  if (text === undefined || text === '') return null;
  const n = Number(text);
  return Number.isFinite(n) ? n : null;
}

/** xs:boolean: `true`/`1`, `false`/`0`; anything else is null. */
export function toBool(text: string | undefined): boolean | null {
  if (text === 'true' || text === '1') return true;
  if (text === 'false' || text === '0') return false;
  return null;
}

export function pushUnique(list: string[], value: string): void {
  if (value !== '' && !list.includes(value)) list.push(value);
}

/**
 * Views of stored records (record-store.ts): a record's place in its list is taken by an object of
 * one field, its address, whose getters decode one field of the record when read and whose
 * setters write the record again.
 */
import type { RecordStore } from './record-store.js';

/**
 * Fields a view holds itself: `kind` decides which rules look at a record (track or product
 * release, sound recording or image) and is read about twenty times per record at message end.
 * Its values are interned strings, so holding one costs the view a pointer.
 */
const HELD = new Set(['kind']);

/**
 * A class of views for records with `keys`: a getter and a setter per key, reading and writing
 * `store`. The class is written as source, so that every getter is a function of its own
 * with its own type feedback: getters made by one closure share theirs, and the calls from all
 * of them became megamorphic.
 */
export function viewClass(store: RecordStore, keys: string[]): new (at: number) => object {
  const held = keys.findIndex((key) => HELD.has(key));
  const accessors = keys.map((key, index) => {
    const name = JSON.stringify(key);
    if (index === held) return `get [${name}]() { return this.#held; } set [${name}](v) { this.#at = store.assign(this.#at, ${index}, v); this.#held = v; }`;
    return `get [${name}]() { return store.field(this.#at, ${index}); } set [${name}](v) { this.#at = store.assign(this.#at, ${index}, v); }`;
  });
  // Private fields: a view shows only its record's keys (Object.keys, spreads, test matchers).
  // A view of a shape without a held field has one field: 32 bytes instead of 40, a million times over at 1 GB.
  const source = `return class View {
    #at;
    ${held >= 0 ? '#held;' : ''}
    constructor(at) {
      this.#at = at;
      ${held >= 0 ? `this.#held = store.field(at, ${held});` : ''}
    }
    ${accessors.join('\n    ')}
    toJSON() { return store.decode(this.#at); }
  };`;
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- keys are the model's own property names, quoted by JSON.stringify.
  const View = new Function('store', source)(store) as new (at: number) => object;
  for (const key of keys) Object.defineProperty(View.prototype, key, { ...Object.getOwnPropertyDescriptor(View.prototype, key), enumerable: true });
  return View;
}

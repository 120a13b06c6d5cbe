/**
 * Views of stored records (record-store.ts): an object made when a record of a list is read
 * (record-list.ts), holding its address, whose getters decode one field of the record when read
 * and whose setters write the record again (and tell the list its new address).
 */
import type { StoreFields, ViewOwner } from './record-access.js';

/** `held`: the record's `kind`, as its list keeps it (undefined: read from the store). */
export type ViewClass = new (at: number, owner: ViewOwner | null, i: number, held: unknown) => object;

/**
 * The field a view is given by its list rather than reading it: `kind` decides which rules look at
 * a record (track or product release, sound recording or image) and is read about twenty times
 * per record at message end, by rules that each sweep the list and get a new view of each record.
 */
export const HELD_KEY = 'kind';

/**
 * A class of views for records with `keys`: a getter and a setter per key, reading and writing
 * `store`. The class is written as source, so that every getter is a function of its own
 * with its own type feedback: getters made by one closure share theirs, and the calls from all
 * of them became megamorphic.
 */
export function viewClass(store: StoreFields, keys: string[]): ViewClass {
  const held = keys.indexOf(HELD_KEY);
  const accessors = keys.map((key, index) => {
    const name = JSON.stringify(key);
    if (index === held) return `get [${name}]() { return this.#held; } set [${name}](v) { this.#moved(store.assign(this.#at, ${index}, v)); this.#held = v; if (this.#owner !== null) this.#owner.hold(this.#i, v); }`;
    return `get [${name}]() { return store.field(this.#at, ${index}); } set [${name}](v) { this.#moved(store.assign(this.#at, ${index}, v)); }`;
  });
  // Private fields: a view shows only its record's keys (Object.keys, spreads, test matchers).
  const source = `return class View {
    #at;
    #owner;
    #i;
    ${held >= 0 ? '#held;' : ''}
    constructor(at, owner, i, held) {
      this.#at = at;
      this.#owner = owner;
      this.#i = i;
      ${held >= 0 ? `this.#held = held === undefined ? store.field(at, ${held}) : held;` : ''}
    }
    #moved(at) {
      this.#at = at;
      if (this.#owner !== null) this.#owner.moved(this.#i, at);
    }
    ${accessors.join('\n    ')}
    toJSON() { return store.decode(this.#at); }
  };`;
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- keys are the model's own property names, quoted by JSON.stringify.
  const View = new Function('store', source)(store) as ViewClass;
  for (const key of keys) Object.defineProperty(View.prototype, key, { ...Object.getOwnPropertyDescriptor(View.prototype, key), enumerable: true });
  return View;
}

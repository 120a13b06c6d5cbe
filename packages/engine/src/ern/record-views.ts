/**
 * Views of stored records (record-store.ts): an object made when a record of a list is read
 * (record-list.ts), holding its address, whose getters decode one field of the record when read
 * and whose setters write the record again (and tell the list its new address).
 */
import type { RecordList } from './record-list.js';
import type { RecordStore } from './record-store.js';

export type ViewClass = new (at: number, owner: RecordList<object> | null, i: number) => object;

/**
 * A class of views for records with `keys`: a getter and a setter per key, reading and writing
 * `store`. The class is written as source, so that every getter is a function of its own
 * with its own type feedback: getters made by one closure share theirs, and the calls from all
 * of them became megamorphic.
 */
export function viewClass(store: RecordStore, keys: string[]): ViewClass {
  const accessors = keys.map((key, index) => {
    const name = JSON.stringify(key);
    return `get [${name}]() { return store.field(this.#at, ${index}); } set [${name}](v) { this.#moved(store.assign(this.#at, ${index}, v)); }`;
  });
  // Private fields: a view shows only its record's keys (Object.keys, spreads, test matchers).
  const source = `return class View {
    #at;
    #owner;
    #i;
    constructor(at, owner, i) {
      this.#at = at;
      this.#owner = owner;
      this.#i = i;
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

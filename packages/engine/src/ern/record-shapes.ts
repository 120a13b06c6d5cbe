/**
 * The record store's shape codec (record-store.ts describes the encoding): an object is written as
 * the number of its shape (its keys, listed once) and its values in the shape's order. A shape's
 * values are taken out, and an object of it read back, by functions made for its keys (`taker`,
 * `reader`), so that V8 sees named loads and one hidden class per shape.
 */
import type { ViewClass } from './record-views.js';
import { RecordStrings } from './record-strings.js';

export interface Shape {
  keys: string[];
  /**
   * Each key's field number (`keyIndex`), made when first asked. Present (null) from the start:
   * a property added to some shapes later gave the writer's and readers' loads of a shape two hidden
   * classes, and their optimized code was thrown away and compiled again.
   */
  indexes: Map<string, number> | null;
  /** Copies an object's values of this shape into an array, by named loads (a loop of keyed loads over every shape was megamorphic). */
  take: ((value: Record<string, unknown>, out: unknown[]) => void) | null;
  /** Reads an object of this shape from the store's position: an object literal of its own, so V8 gives every object of the shape one hidden class (a loop of keyed stores made the reads megamorphic). */
  read: ((store: ValueReader) => Record<string, unknown>) | null;
  /** Slot of the first key; a key's values share the slot `slot + index`. */
  slot: number;
  view: ViewClass | null;
}

/** What a shape's reader asks of the store: the next value. */
export interface ValueReader {
  value(): unknown;
}

export class RecordShapes extends RecordStrings {
  protected readonly shapes: Shape[] = [];
  protected readonly shapeIds = new Map<string, number>();
  protected slots = 0;
  /** The last shape met under each slot (objects under one field usually share their keys). */
  protected readonly slotShape: number[] = [];

  /** A new slot: records written under it share the shape looked up last (`write`'s `slot`). */
  newSlot(): number {
    return this.slots++;
  }
  /** The field number of `key` in records of shape `shapeId`, -1 when they have no such key. */
  keyIndex(shapeId: number, key: string): number {
    const shape = this.shapes[shapeId];
    shape.indexes ??= new Map(shape.keys.map((k, i) => [k, i]));
    return shape.indexes.get(key) ?? -1;
  }
  /** The shape of `value`'s keys: the one last met under `slot` when the keys are the same, without listing them. */
  protected shapeOf(value: Record<string, unknown>, slot: number): number {
    const last = slot >= 0 ? this.slotShape[slot] : undefined;
    if (last !== undefined) {
      const keys = this.shapes[last].keys;
      let i = 0;
      let same = true;
      for (const key in value) {
        if (keys[i++] !== key) {
          same = false;
          break;
        }
      }
      if (same && i === keys.length) return last;
    }
    const keys = Object.keys(value);
    const name = keys.join('\u0000');
    let id = this.shapeIds.get(name);
    if (id === undefined) {
      id = this.shapes.length;
      this.shapes.push({ keys, indexes: null, slot: this.slots, view: null, read: null, take: null });
      this.slots += keys.length;
      this.shapeIds.set(name, id);
    }
    if (slot >= 0) this.slotShape[slot] = id;
    return id;
  }}


/** `store => ({ "a": store.value(), "b": store.value() })` for `keys`: literal properties are evaluated in order. */
export function reader(keys: string[]): (store: ValueReader) => Record<string, unknown> {
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- keys are the model's own property names, quoted by JSON.stringify.
  return new Function('store', `return {${keys.map((key) => `${JSON.stringify(key)}: store.value()`).join(', ')}};`) as (store: ValueReader) => Record<string, unknown>;
}

/** `(v, out) => { out[0] = v["a"]; out[1] = v["b"]; }` for `keys`. */
export function taker(keys: string[]): (value: Record<string, unknown>, out: unknown[]) => void {
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- keys are the model's own property names, quoted by JSON.stringify.
  return new Function('v', 'out', keys.map((key, i) => `out[${i}] = v[${JSON.stringify(key)}];`).join('\n')) as (value: Record<string, unknown>, out: unknown[]) => void;
}

/**
 * The record store's string codec (record-store.ts describes the encoding): a value seen before in
 * the same field is one number into the store's string list, while the field has met at most
 * `SLOT_STRINGS` distinct values; a string written in place earlier in the same record is the
 * distance back to it (`Tag.Again`); others are written in place, as Latin-1 when they can be, else
 * UTF-16. `textIs` compares a string in the bytes without making it (an index's probe).
 */
import { RecordPages } from './record-pages.js';
import { Tag } from './record-tags.js';

/** Strings of a record remembered for `Tag.Again`. */
export const AGAIN_RING = 8;
/** Texts up to this length are copied byte by byte rather than by Buffer's latin1Write. */
const SHORT_TEXT = 32;
/** Distinct values a field may intern before it writes its strings in place. */
const SLOT_STRINGS = 64;

export class RecordStrings extends RecordPages {
  protected readonly slotStrings: (Map<string, number> | null | undefined)[] = [];
  /** The last strings written in place in the record being written, and their places from its start (for `Tag.Again`): a ring of a few. */
  protected readonly written: string[] = new Array(AGAIN_RING).fill('');
  protected readonly writtenAt = new Int32Array(AGAIN_RING);
  protected writtenNext = 0;
  /** Where each container (array, object) still open in the record being written starts, from the record's start. */
  protected readonly open: number[] = [];
  protected readonly strings: string[] = [];

  protected putString(value: string, slot: number): void {
    let known = this.slotStrings[slot];
    if (known === undefined) this.slotStrings[slot] = known = new Map();
    if (known !== null) {
      let id = known.get(value);
      if (id === undefined) {
        if (known.size < SLOT_STRINGS) {
          id = this.strings.length;
          this.strings.push(value);
          known.set(value, id);
        } else this.slotStrings[slot] = null;
      }
      if (id !== undefined) {
        this.byte(Tag.Interned);
        this.varint(id);
        return;
      }
    }
    const here = this.n - this.start;
    if (value.length >= 4) {
      let found = -1;
      for (let i = 0; i < AGAIN_RING; i++) {
        if (this.written[i] === value) {
          found = i;
          break;
        }
      }
      // Only back to a string inside every container still open: their lengths, written when they close, may move what follows them.
      if (found >= 0 && (this.open.length === 0 || this.writtenAt[found] > this.open[0])) {
        this.byte(Tag.Again);
        this.varint(here - this.writtenAt[found]);
        return;
      }
      if (found >= 0) this.writtenAt[found] = here;
      else {
        this.written[this.writtenNext] = value;
        this.writtenAt[this.writtenNext] = here;
        this.writtenNext = (this.writtenNext + 1) % AGAIN_RING;
      }
    }
    const length = value.length;
    let wide = false;
    if (length <= SHORT_TEXT) {
      // Copied in the loop that looks for a wide character: for a short text, a call into Buffer's latin1Write cost more than the copy.
      this.room(length + 6);
      const tagAt = this.n;
      this.out[this.n++] = Tag.Latin1;
      this.varint(length);
      const out = this.out;
      const at = this.n;
      let i = 0;
      for (; i < length; i++) {
        const c = value.charCodeAt(i);
        if (c > 0xff) break;
        out[at + i] = c;
      }
      if (i === length) {
        this.n = at + length;
        return;
      }
      // A wide character: written again below, as UTF-16.
      this.n = tagAt;
      wide = true;
    } else {
      for (let i = 0; i < length; i++) {
        if (value.charCodeAt(i) > 0xff) {
          wide = true;
          break;
        }
      }
    }
    const bytes = wide ? length * 2 : length;
    this.room(bytes + 6);
    this.out[this.n++] = wide ? Tag.Utf16 : Tag.Latin1;
    this.varint(bytes);
    this.n += wide ? this.out.ucs2Write(value, this.n, bytes) : this.out.latin1Write(value, this.n, bytes);
  }
  /** Whether the value at the reader's position is the string `text` (null: not a string written as such). */
  protected textIs(text: string): boolean | null {
    const tag = this.buf[this.pos++];
    switch (tag) {
      case Tag.Latin1: {
        const length = this.readVarint();
        if (length !== text.length) return false;
        const buf = this.buf;
        const start = this.pos;
        for (let i = 0; i < length; i++) if (buf[start + i] !== text.charCodeAt(i)) return false;
        return true;
      }
      case Tag.Utf16: {
        const length = this.readVarint();
        if (length !== text.length * 2) return false;
        const buf = this.buf;
        const start = this.pos;
        for (let i = 0; i < text.length; i++) if ((buf[start + 2 * i] | (buf[start + 2 * i + 1] << 8)) !== text.charCodeAt(i)) return false;
        return true;
      }
      case Tag.Interned:
        return this.strings[this.readVarint()] === text;
      case Tag.Again: {
        const at = this.pos - 1;
        this.pos = at - this.readVarint();
        return this.textIs(text);
      }
    }
    return null;
  }}

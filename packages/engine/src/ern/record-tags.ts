/**
 * The tags of the record store's encoding (record-store.ts describes it): one byte before each
 * value says what follows. A `const enum`, so that tsc writes the numbers themselves into the
 * codecs' switches (an imported binding would be a load per case).
 */
export const enum Tag {
  Null = 0,
  Undefined = 1,
  False = 2,
  True = 3,
  Int = 4,
  Float = 5,
  Latin1 = 6,
  Utf16 = 7,
  Interned = 8,
  Array = 9,
  Empty = 10,
  Object = 11,
  Loc = 12,
  Located = 13,
  /** Anything else (an object of another class): kept as it is in a side list. */
  Kept = 14,
  /** A location (or located value) on its record's own anchored row: the row difference (0) is not written. */
  LocHere = 15,
  LocatedHere = 16,
  /** `count` nulls in a row among an object's values (most optional fields of a record are null). */
  Nulls = 17,
  /** The same string as one written earlier in the record (a 4.x title is its DisplayTitleText and its DisplayTitle): the distance back to it. */
  Again = 18,
}

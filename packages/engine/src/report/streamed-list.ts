/**
 * A list of a report made as it is written rather than held: a catalog's recordings, read from a
 * model kept as bytes when `ValidateOptions.recordings` is 'stream' (a 1 GB message's 414,000
 * recordings took about 70 MB as objects, kept from the report's making to its writing, and their
 * garbage collection about 0.15 s). Its items are made again, a run at a time, each time it is read:
 * the model it reads stays alive as long as the list. `runs()` hands out arrays of items, iterating
 * it gives the items, and JSON.stringify writes it as the array (`toJSON`).
 */
export class StreamedList<T> implements Iterable<T> {
  constructor(private readonly makeRuns: () => Iterable<T[]>) {}

  /** The items in runs (arrays of up to a few hundred), made as they are asked for. */
  runs(): Iterable<T[]> {
    return this.makeRuns();
  }

  *[Symbol.iterator](): Iterator<T> {
    for (const run of this.makeRuns()) yield* run;
  }

  /** The whole list, as JSON.stringify writes it. */
  toJSON(): T[] {
    const out: T[] = [];
    for (const run of this.makeRuns()) for (const item of run) out.push(item);
    return out;
  }
}

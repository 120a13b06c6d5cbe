/** Appending many checks to a list without spreading them as arguments. */
/**
 * Appends `items` to `target` one by one: `push(...items)` passes every item as an argument, and a
 * catalog message with a few hundred thousand findings (a 1 GB message of 414,621 tracks whose
 * ISRCs repeat) overflowed the call stack ("Maximum call stack size exceeded").
 */
export function pushAll<T>(target: T[], items: readonly T[]): void {
  for (let i = 0; i < items.length; i++) target.push(items[i]);
}

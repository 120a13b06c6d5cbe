/**
 * The order a batch's messages are processed in: by MessageCreatedDateTime (DDEX choreography:
 * a later message about a release supersedes an earlier one), ties and path order kept. When a
 * message has no readable timestamp the path order stays, as there is nothing to order by.
 */

/** Milliseconds of an xs:dateTime; a time without a zone is read as UTC (not local time). */
export function timestampOf(value: string | null | undefined): number | null {
  if (!value) return null;
  const text = value.trim();
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})?$/.test(text)) return null;
  const ms = Date.parse(/(Z|[+-]\d{2}:\d{2})$/.test(text) ? text : `${text}Z`);
  return Number.isNaN(ms) ? null : ms;
}

/** Items sorted by their timestamp (stable); the input order when any timestamp is missing. */
export function inTimestampOrder<T>(items: readonly T[], created: (item: T) => string | null | undefined): T[] {
  const keyed = items.map((item, index) => ({ item, index, at: timestampOf(created(item)) }));
  if (keyed.some((k) => k.at === null)) return [...items];
  return keyed.sort((a, b) => a.at! - b.at! || a.index - b.index).map((k) => k.item);
}

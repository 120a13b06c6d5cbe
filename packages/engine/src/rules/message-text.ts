/**
 * Lists in finding messages, kept short: a delivery may hold tens of thousands of tracks or
 * releases, and a message that names them all helps nobody. What is left out is counted.
 */
import type { Deal } from '../ern/model.js';

/** Values joined with `, `, at most `max` of them and then how many more (`R1, R2, R3 and 397 more`). */
export function listed(values: readonly string[], max = 8): string {
  if (values.length <= max) return values.join(', ');
  return `${values.slice(0, max).join(', ')} and ${values.length - max} more`;
}

/** The releases a deal names, for a finding's message (`R1, R2` or `(no release)`); call it when reporting, not per deal. */
export function dealReleases(deal: Pick<Deal, 'releaseReferences'>): string {
  return listed(deal.releaseReferences.map((r) => r.value)) || '(no release)';
}

/**
 * Sorted whole numbers as ranges for messages (`1-29999, 30001-39542`), at most `max` ranges and
 * then how many numbers are left out: a 40,000-track release must not give a 40,000-number message.
 */
export function numberRanges(sorted: number[], max = 8): string {
  const ranges: string[] = [];
  let shown = 0;
  for (let i = 0; i < sorted.length && ranges.length < max; ) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j] + 1) j++;
    ranges.push(j > i ? `${sorted[i]}-${sorted[j]}` : `${sorted[i]}`);
    shown += j - i + 1;
    i = j + 1;
  }
  const rest = sorted.length - shown;
  return rest > 0 ? `${ranges.join(', ')} and ${rest} more` : ranges.join(', ');
}

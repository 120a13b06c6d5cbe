import { memoByText } from '../memo-by-text.js';

/**
 * Genre names compared the way people write them: case, spacing, "&"/"and", "-", "/" do not matter
 * ("Hip-Hop" = "hip hop"). Remembered by name: a message repeats its genres on every track.
 */
export const genreKey: (name: string) => string = memoByText((name) =>
  name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/\band\b/g, '&')
    .replace(/[\s\-_/.,']+/g, ''),
);

/** Lookups by key, built once per list of accepted names (the profile's or an allowed value set). */
const lookups = new WeakMap<object, Map<string, string>>();

/** The accepted name a genre maps to, or null. A message repeats its genres on every track release: this is one map lookup. */
export function matchGenre(name: string, accepted: Iterable<string>): string | null {
  let lookup = lookups.get(accepted);
  if (!lookup) {
    lookup = new Map();
    for (const candidate of accepted) {
      const key = genreKey(candidate);
      if (!lookup.has(key)) lookup.set(key, candidate);
    }
    lookups.set(accepted, lookup);
  }
  return lookup.get(genreKey(name)) ?? null;
}

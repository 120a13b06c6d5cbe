/** Keys of the names met so far (a message repeats its genres on every track), at most `KEYS_KEPT`. */
const keys = new Map<string, string>();
const KEYS_KEPT = 4096;

/** Genre names compared the way people write them: case, spacing, "&"/"and", "-", "/" do not matter ("Hip-Hop" = "hip hop"). */
export function genreKey(name: string): string {
  let key = keys.get(name);
  if (key === undefined) {
    key = name
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/\band\b/g, '&')
      .replace(/[\s\-_/.,']+/g, '');
    if (keys.size < KEYS_KEPT) keys.set(name, key);
  }
  return key;
}

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

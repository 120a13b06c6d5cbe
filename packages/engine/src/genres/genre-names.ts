/** Genre names compared the way people write them: case, spacing, "&"/"and", "-", "/" do not matter ("Hip-Hop" = "hip hop"). */
export function genreKey(name: string): string {
  return name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/\band\b/g, '&')
    .replace(/[\s\-_/.,']+/g, '');
}

/** The accepted name a genre maps to, or null. */
export function matchGenre(name: string, accepted: Iterable<string>): string | null {
  const key = genreKey(name);
  for (const candidate of accepted) if (genreKey(candidate) === key) return candidate;
  return null;
}

/** Genre names compared the way people write them: case, spacing, "&"/"and", "-", "/" do not matter ("Hip-Hop" = "hip hop"). */
export declare function genreKey(name: string): string;
/** The accepted name a genre maps to, or null. A message repeats its genres on every track release: this is one map lookup. */
export declare function matchGenre(name: string, accepted: Iterable<string>): string | null;
//# sourceMappingURL=genre-names.d.ts.map
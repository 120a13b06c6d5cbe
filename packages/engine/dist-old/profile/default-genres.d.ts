/**
 * The default accepted genre list of the service profile: our own list of the top-level genres
 * and common sub-genres that music stores show, written for ddex-check (not a DDEX list). A
 * platform with its own taxonomy sets `profile.genres`; an empty list accepts any genre.
 */
export declare const DEFAULT_GENRES: readonly string[];
//# sourceMappingURL=default-genres.d.ts.map
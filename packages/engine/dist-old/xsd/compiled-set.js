/**
 * The compiled form of one XSD set: plain JSON (cached on disk), indexed by number. Content models
 * are deterministic automata; simple types are facet lists checked by `simple-check.ts`.
 */
/** Bumped whenever the shape or the compiler's meaning changes, so stale disk caches are ignored. */
export const COMPILED_FORMAT = 3;
/** Type id 0 is always xs:anyType (any attributes, any content, processed laxly). */
export const ANY_TYPE_ID = 0;
//# sourceMappingURL=compiled-set.js.map
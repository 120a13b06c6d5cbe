/**
 * The server's database type, shared by SQLite and PostgreSQL; its tables are declared by their
 * capabilities (`<capability>/tables.ts`).
 * Timestamps are ISO 8601 UTC strings and booleans 0/1 integers in both, so every query is written
 * once and string comparison orders timestamps (all written by `nowIso()` of `src/clock.ts`).
 */

/**
 * Every table of the server: empty here, each capability adds its own tables with
 * `declare module '../db/schema.js' { interface Database { … } }` in its `tables.ts`.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-interface -- filled by declaration merging
export interface Database {}

/**
 * The release states that decide what a delivery may change: live in a store, or decided on by
 * staff. The import (import-releases.ts) and the engine's catalog (ddex/db-catalog.ts, so that a
 * dry run answers as the import then does) read the same lists.
 */
import type { StaffDecision } from '@ddex-check/engine';

/** Delivery states of a release live in at least one store: an update waits for staff. */
export const LIVE_DELIVERY_STATES = ['live', 'partially_live'];

/** Release statuses staff set: an update waits for staff even before the release is live. */
export const STAFF_DECIDED_STATUSES: StaffDecision[] = ['approved', 'taken_down', 'archived'];

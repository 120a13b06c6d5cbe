/**
 * What the engine asks of a catalog: who owns a UPC or an ISRC, and whether the release is live.
 * The CLI reads a JSON export (`--catalog FILE`); the server plugs its database in.
 */

export interface CatalogRelease {
  upc: string;
  memberId: string;
  releaseId?: string | number;
  title?: string | null;
  /** Live in at least one store: an update needs staff. */
  live: boolean;
  /**
   * Staff have decided on the release (approved it for its stores, took it down, archived it): an
   * update needs staff even before it is live, or changed data would reach stores unreviewed.
   * Absent or null: a draft awaiting review, which a delivery may still change.
   */
  decidedByStaff?: StaffDecision | null;
}

export type StaffDecision = 'approved' | 'taken_down' | 'archived';
export const STAFF_DECISIONS: readonly StaffDecision[] = ['approved', 'taken_down', 'archived'];

export interface CatalogRecording {
  isrc: string;
  memberId: string;
  title?: string | null;
  artist?: string | null;
  recordingId?: string | number;
}

export interface Catalog {
  /** The member the delivery is for; null when unknown (ownership checks are then skipped). */
  readonly memberId: string | null;
  findRelease(upc: string): Promise<CatalogRelease | null>;
  findRecording(isrc: string): Promise<CatalogRecording | null>;
  /**
   * `findRecording` for many ISRCs at once, each as given: the recordings found, by the ISRC asked
   * for (none for an ISRC not found). A catalog over a database answers a message's every ISRC in a
   * few queries instead of one each (a 99 MB message names about 40,000). Optional: rules fall back
   * to `findRecording`.
   */
  findRecordings?(isrcs: readonly string[]): Promise<ReadonlyMap<string, CatalogRecording>>;
}

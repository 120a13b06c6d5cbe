/**
 * The engine's `Catalog` over the server's database: who holds a UPC or an ISRC, whether the
 * release is live, and whether staff decided on it (a dry run then flags an update, as the import does). When a code exists on several members, the delivering member's own row wins,
 * so "already on this member" is answered before "owned by another member".
 */
import { sql, type Kysely } from 'kysely';
import type { Catalog, CatalogRecording, CatalogRelease } from '@ddex-check/engine';
import type { Database } from '../db/schema.js';
import { LIVE_DELIVERY_STATES, STAFF_DECIDED_STATUSES } from '../releases/release-states.js';



export class DbCatalog implements Catalog {
  readonly memberId: string | null;
  constructor(
    private readonly db: Kysely<Database>,
    memberId: number | null,
  ) {
    this.memberId = memberId === null ? null : String(memberId);
  }

  private ownFirst() {
    const me = this.memberId === null ? -1 : Number(this.memberId);
    return sql<number>`case when member_id = ${me} then 0 else 1 end`;
  }

  async findRelease(upc: string): Promise<CatalogRelease | null> {
    const row = await this.db
      .selectFrom('releases')
      .select(['id', 'member_id', 'upc', 'title', 'delivery_state', 'release_status'])
      .where('upc', '=', upc)
      .orderBy(this.ownFirst())
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();
    if (!row) return null;
    return {
      upc: row.upc,
      memberId: String(row.member_id),
      releaseId: row.id,
      title: row.title,
      live: LIVE_DELIVERY_STATES.includes(row.delivery_state),
      decidedByStaff: STAFF_DECIDED_STATUSES.find((s) => s === row.release_status) ?? null,
    };
  }

  async findRecording(isrc: string): Promise<CatalogRecording | null> {
    const row = await this.db
      .selectFrom('recordings')
      .select(['id', 'member_id', 'isrc', 'title'])
      .where('isrc', '=', isrc)
      .orderBy(this.ownFirst())
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();
    if (!row || !row.isrc) return null;
    return { isrc: row.isrc, memberId: String(row.member_id), title: row.title, recordingId: row.id };
  }
}

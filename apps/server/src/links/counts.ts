/** One more view, click or pre-save of a link today: one atomic upsert, whatever the number of visitors at once. */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { nowIso } from '../clock.js';
import './tables.js';

export async function count(db: Kysely<Database>, linkId: number, what: 'views' | 'clicks' | 'presaves'): Promise<void> {
  const day = nowIso().slice(0, 10);
  await db
    .insertInto('link_counts')
    .values({ link_id: linkId, day, views: what === 'views' ? 1 : 0, clicks: what === 'clicks' ? 1 : 0, presaves: what === 'presaves' ? 1 : 0 })
    .onConflict((oc) => oc.columns(['link_id', 'day']).doUpdateSet({ [what]: sql`link_counts.${sql.ref(what)} + 1` }))
    .execute();
}

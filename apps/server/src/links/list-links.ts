/**
 * The account's smartlinks and pre-saves with their counts (all time, and views and clicks over
 * the last 30 days, today included), newest first: GET /links and the dashboard's Money page.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { isoIn } from '../clock.js';
import './tables.js';

/** `origin`: where the public pages are (`/l/{slug}` below it). */
export async function listLinks(db: Kysely<Database>, accountId: number, origin: string) {
  const since = isoIn(-29 * 86_400_000).slice(0, 10);
  const rows = await db
    .selectFrom('links')
    .leftJoin('releases', 'releases.id', 'links.release_id')
    .leftJoin('link_counts', 'link_counts.link_id', 'links.id')
    .select((eb) => [
      'links.id',
      'links.slug',
      'links.kind',
      'links.active',
      'links.title',
      'links.artist',
      'links.release_id',
      'releases.upc',
      'links.created_at',
      'links.updated_at',
      eb.fn.coalesce(eb.fn.sum<number>('link_counts.views'), sql<number>`0`).as('views'),
      eb.fn.coalesce(eb.fn.sum<number>('link_counts.clicks'), sql<number>`0`).as('clicks'),
      eb.fn.coalesce(eb.fn.sum<number>('link_counts.presaves'), sql<number>`0`).as('presaves'),
      sql<number>`coalesce(sum(case when link_counts.day >= ${since} then link_counts.views else 0 end), 0)`.as('views_30d'),
      sql<number>`coalesce(sum(case when link_counts.day >= ${since} then link_counts.clicks else 0 end), 0)`.as('clicks_30d'),
    ])
    .where('links.account_id', '=', accountId)
    .groupBy(['links.id', 'links.slug', 'links.kind', 'links.active', 'links.title', 'links.artist', 'links.release_id', 'releases.upc', 'links.created_at', 'links.updated_at'])
    .orderBy('links.id', 'desc')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    slug: r.slug,
    kind: r.kind,
    active: r.active === 1,
    title: r.title,
    artist: r.artist,
    release_id: r.release_id,
    upc: r.upc ?? '',
    views: Number(r.views),
    clicks: Number(r.clicks),
    views_30d: Number(r.views_30d),
    clicks_30d: Number(r.clicks_30d),
    presaves: Number(r.presaves),
    url: `${origin}/l/${r.slug}`,
    created_at: r.created_at,
    updated_at: r.updated_at,
  }));
}

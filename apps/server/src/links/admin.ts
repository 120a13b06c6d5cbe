/** Staff command: `admin link create` (the dashboard will let partners make links). */
import type { Command } from 'commander';
import { AdminError } from '../admin/admin-error.js';
import type { IntArg, WithDb } from '../admin/admin-kit.js';
import { nowIso } from '../clock.js';
import fs from 'node:fs';
import { openBlobStore } from '../blob/open-blob-store.js';
import { imageKind } from './artwork.js';
import './tables.js';

export function registerLinkAdmin(admin: Command, withDb: WithDb, intArg: IntArg): void {
  admin
    .command('link')
    .description('smartlinks and pre-saves')
    .command('create')
    .requiredOption('--release <id>', 'release id', intArg('--release'))
    .requiredOption('--slug <slug>', 'the public path /l/<slug> (3-60 of a-z, 0-9, -)')
    .option('--kind <kind>', 'smartlink or presave', 'smartlink')
    .option('--artist <name>', 'artist shown on the page', '')
    .option('--release-date <yyyy-mm-dd>', 'before it, the page offers a pre-save')
    .option('--artwork <file>', 'the release\'s cover for the page (JPEG or PNG, at most 10 MB)')
    .option('--store <key=url>', 'a store and its URL for the release (repeatable)', (v: string, prev: string[] = []) => [...prev, v])
    .action(
      withDb(async (db, o, env) => {
        const slug = String(o.slug);
        if (!/^[a-z0-9][a-z0-9-]{2,59}$/.test(slug)) throw new AdminError('--slug must be 3-60 of a-z, 0-9 and -');
        if (!['smartlink', 'presave'].includes(String(o.kind))) throw new AdminError('--kind must be smartlink or presave');
        if (o.releaseDate && !/^\d{4}-\d{2}-\d{2}$/.test(String(o.releaseDate))) throw new AdminError('--release-date must be YYYY-MM-DD');
        const release = await db.selectFrom('releases').select(['id', 'account_id', 'title']).where('id', '=', o.release as number).executeTakeFirst();
        if (!release) throw new AdminError(`release ${o.release} does not exist`);
        const targets = ((o.store as string[] | undefined) ?? []).map((pair) => {
          const at = pair.indexOf('=');
          const store = pair.slice(0, at);
          const url = pair.slice(at + 1);
          if (at < 1 || !/^[a-z0-9_]{2,40}$/.test(store) || !/^https:\/\//.test(url)) throw new AdminError(`--store ${pair}: write key=https://…`);
          return { store, url };
        });
        if (await db.selectFrom('links').select('id').where('slug', '=', slug).executeTakeFirst()) throw new AdminError(`the slug ${slug} is taken`);
        let artworkKey: string | null = null;
        if (o.artwork) {
          const file = String(o.artwork);
          let bytes: Buffer;
          try {
            bytes = fs.readFileSync(file);
          } catch (error) {
            throw new AdminError(`cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
          }
          const kind = imageKind(bytes);
          if (!kind || bytes.length > 10 * 1024 * 1024) throw new AdminError(`${file} must be a JPEG or PNG image of at most 10 MB`);
          const blobs = await openBlobStore(env.config);
          const temp = blobs.tempPath(`cover.${kind}`);
          fs.writeFileSync(temp, bytes);
          artworkKey = await blobs.putFile(temp, `cover.${kind}`);
        }
        const now = nowIso();
        return db.transaction().execute(async (trx) => {
          const link = await trx
            .insertInto('links')
            .values({ account_id: release.account_id, release_id: release.id, slug, kind: String(o.kind), active: 1, title: release.title, artist: String(o.artist ?? ''), release_date: (o.releaseDate as string | undefined) ?? null, artwork_key: artworkKey, created_at: now, updated_at: now })
            .returning(['id', 'slug'])
            .executeTakeFirstOrThrow();
          for (const t of targets) await trx.insertInto('link_targets').values({ link_id: link.id, ...t }).execute();
          return link;
        });
      }, (l) => `link ${l.id}: /l/${l.slug}`),
    );
}

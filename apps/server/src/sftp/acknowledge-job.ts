/**
 * Writes the acknowledgements of processed `/production` batches (issue 45), a recurring job: a
 * batch whose delivery finished (done, partial, failed) or that failed before becoming one gets
 * `ACK_<message>.xml` beside each of its messages, each written atomically (scratch file and
 * rename); then `acknowledged_at` is set, from which its folder is kept 7 days, read-only. The
 * messages are those the engine found (the delivery's `delivery_messages`); a batch the engine
 * never answered for acknowledges each XML file of the folder (not its marker) with the reason.
 */
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { DeliveryStatus } from '../ddex/tables.js';
import type { JobHandler } from '../jobs/job-runner.js';
import { deliveryMessages } from '../ddex/delivery-messages.js';
import { now, nowIso } from '../clock.js';
import { InboxTree } from './inbox-tree.js';
import { filesUnder } from './zip-folder.js';
import { writeAtomically } from './report-files.js';
import { ackPathFor, acknowledgementXml, isAckName, type Party } from './acknowledgement.js';
import { messageOutcome, noMessageOutcome, unreadOutcome, type AckOutcome } from './ack-outcomes.js';
import './tables.js';

export const SFTP_ACK_JOB = 'sftp.acknowledge';
const FINISHED: DeliveryStatus[] = ['done', 'partial', 'failed'];

/** A DDEX party id (DPID): `PADPIDA` and 11 characters, or the older `PA-DPIDA-…` form. */
const DPID = /^(PADPIDA[0-9A-Z]{11}|PA-DPIDA-\d{10}-[0-9X])$/;

/** The server's party, the ACK's MessageSender: the operator's DPID when configured. */
export function serverParty(env: NodeJS.ProcessEnv = process.env): Party {
  const dpid = env.SFTP_ACK_PARTY_ID?.trim();
  const name = env.SFTP_ACK_PARTY_NAME?.trim() || undefined;
  return { ids: [dpid ? { value: dpid } : { value: 'ddex-check', namespace: 'ddex-check' }], name };
}

/** The partner, the ACK's MessageRecipient: the message's sender when it is a DPID, and the account. */
function partnerParty(account: { id: number; name: string }, sender: string | null): Party {
  const ids: Party['ids'] = [];
  if (sender && DPID.test(sender)) ids.push({ value: sender });
  ids.push({ value: String(account.id), namespace: 'ddex-check:account' });
  return { ids, name: account.name };
}

/** XML files a partner put in the folder that could be messages: not the marker, no dotfiles, no ACKs. */
async function xmlFilesOf(folder: string): Promise<string[]> {
  const files = await filesUnder(folder);
  return files
    .map((f) => f.rel)
    .filter((rel) => /\.xml$/i.test(rel) && !/(^|\/)BatchComplete_[^/]*\.xml$/i.test(rel) && !isAckName(path.posix.basename(rel)) && !rel.split('/').some((s) => s.startsWith('.') || s === '__MACOSX'));
}

/** Where the ACK of `file` goes, or null when the name could not be inside the folder. */
function ackTarget(folder: string, file: string): string | null {
  if (!file || file.startsWith('/') || file.split('/').some((s) => s === '..' || s === '')) return null;
  const target = path.join(folder, ...ackPathFor(file).split('/'));
  return target.startsWith(folder + path.sep) ? target : null;
}

type Batch = { id: number; account_id: number; name: string; marker: string | null; status: string; error: string | null; delivery_id: number | null };

/** The acknowledgements of one batch (empty when its folder is gone). */
async function outcomesOf(db: Kysely<Database>, batch: Batch, folder: string): Promise<AckOutcome[]> {
  const marker = batch.marker ?? 'batch';
  if (batch.delivery_id === null) {
    const files = await xmlFilesOf(folder);
    const why = { internal: false, text: batch.error ?? 'the batch was refused before its import' };
    return (files.length ? files : [marker]).map((f) => unreadOutcome(f, why));
  }
  const delivery = await db.selectFrom('deliveries').select(['id', 'status', 'error', 'message_id']).where('id', '=', batch.delivery_id).executeTakeFirstOrThrow();
  if (delivery.message_id === null) {
    // The engine never answered (it failed, the batch's blob was missing, processing was interrupted).
    const files = await xmlFilesOf(folder);
    const why = { internal: true, text: delivery.error ?? 'the delivery failed' };
    return (files.length ? files : [marker]).map((f) => unreadOutcome(f, why));
  }
  const messages = await deliveryMessages(db, delivery.id);
  if (messages.length === 0) return [noMessageOutcome(marker, delivery.error)];
  const items = (await db.selectFrom('delivery_items').select(['file', 'ref', 'upc', 'outcome', 'errors']).where('delivery_id', '=', delivery.id).orderBy('position').execute()).map((i) => ({ ...i, errors: JSON.parse(i.errors) }));
  return messages.map((m) => messageOutcome(delivery, m, items));
}

/** Writes the ACK files of `batch`; false when its folder is no longer there. */
export async function acknowledgeBatch(db: Kysely<Database>, tree: InboxTree, batch: Batch, log: { warn(o: object, m: string): void }): Promise<boolean> {
  const folder = path.join(tree.areaDir(batch.account_id, 'production'), batch.name);
  if (!(await fsp.stat(folder).then((s) => s.isDirectory(), () => false))) return false;
  const account = await db.selectFrom('accounts').select(['id', 'name']).where('id', '=', batch.account_id).executeTakeFirstOrThrow();
  const work = tree.workDir(batch.account_id);
  await fsp.mkdir(work, { recursive: true });
  const sender = serverParty();
  for (const outcome of await outcomesOf(db, batch, folder)) {
    const target = ackTarget(folder, outcome.file);
    if (!target) {
      log.warn({ batch: batch.id, file: outcome.file }, 'sftp acknowledgement skipped: the message path is not inside its batch folder');
      continue;
    }
    const xml = acknowledgementXml({ ...outcome, sender, recipient: partnerParty(account, outcome.sender), createdAt: now() });
    await writeAtomically(work, target, xml);
  }
  return true;
}

export function sftpAcknowledgeJob(tree: InboxTree): JobHandler {
  return {
    kind: SFTP_ACK_JOB,
    async run(_payload, ctx) {
      const due = await ctx.db
        .selectFrom('sftp_batches as b')
        .leftJoin('deliveries as d', 'd.id', 'b.delivery_id')
        .select(['b.id', 'b.account_id', 'b.name', 'b.marker', 'b.status', 'b.error', 'b.delivery_id'])
        .where('b.area', '=', 'production')
        .where('b.acknowledged_at', 'is', null)
        .where((eb) => eb.or([eb('b.status', '=', 'failed'), eb.and([eb('b.status', '=', 'queued'), eb('d.status', 'in', FINISHED)])]))
        .orderBy('b.id')
        .limit(100)
        .execute();
      for (const batch of due) {
        try {
          const kept = await acknowledgeBatch(ctx.db, tree, batch, ctx.log);
          const at = nowIso();
          // A folder already gone (removed before its import) has nothing to keep.
          await ctx.db.updateTable('sftp_batches').set(kept ? { acknowledged_at: at } : { acknowledged_at: at, folder_removed_at: at }).where('id', '=', batch.id).where('acknowledged_at', 'is', null).execute();
        } catch (error) {
          // Tried again at the next run; the other batches go on.
          ctx.log.warn({ err: error, batch: batch.id }, 'sftp acknowledgements could not be written');
        }
      }
    },
  };
}

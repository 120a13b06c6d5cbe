/**
 * White-label portal domains of an account (issue 50): the operator attaches host names to an
 * account; a request to one of them is that account's portal (`http/portal.ts`). Here: the domain
 * a person typed made into the stored form (or refused, saying why), attaching and detaching, and
 * the lookup the server runs once per request.
 */
import net from 'node:net';
import { domainToASCII } from 'node:url';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { compiledOnce, rowsOf } from '../db/compiled-once.js';
import { AdminError } from '../admin/admin-error.js';
import { nowIso } from '../clock.js';
import type { Portal } from '../http/portal.js';
import './tables.js';

const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/**
 * The stored form of a portal domain: lower-case ASCII (an internationalised name as its IDNA
 * `xn--` form, which is what a Host header carries), without the trailing dot of a fully qualified
 * name. Refused: a URL, a port, a path, an IP address, a single label, labels that DNS does not allow.
 */
export function parsePortalDomain(input: string): string {
  const text = input.trim();
  const shown = JSON.stringify(text.slice(0, 80));
  if (!text) throw new AdminError('--domain is empty: give a host name such as portal.example.com');
  if (/[\s/:@?#\\]/.test(text)) throw new AdminError(`--domain ${shown} is not a bare host name: give it without scheme, port, path or user (portal.example.com)`);
  const name = text.replace(/\.$/, '');
  if (net.isIP(name) || /^\[.*\]$/.test(name)) throw new AdminError(`--domain ${shown} is an IP address: a portal domain is a DNS name`);
  const ascii = domainToASCII(name);
  if (!ascii) throw new AdminError(`--domain ${shown} is not a valid domain name`);
  if (ascii.length > 253) throw new AdminError(`--domain ${shown} is longer than 253 characters`);
  const labels = ascii.split('.');
  if (labels.length < 2) throw new AdminError(`--domain ${shown} has a single label: a portal domain is a fully qualified name such as portal.example.com`);
  const bad = labels.find((l) => !LABEL.test(l));
  if (bad !== undefined) throw new AdminError(`--domain ${shown}: the label ${JSON.stringify(bad)} is not allowed (letters, digits and inner hyphens, 1 to 63 characters)`);
  if (/^\d+$/.test(labels[labels.length - 1])) throw new AdminError(`--domain ${shown} ends in a numeric label: a portal domain is a DNS name, not an address`);
  return ascii;
}

async function accountExists(db: Kysely<Database>, account: number): Promise<void> {
  const row = await db.selectFrom('accounts').select('id').where('id', '=', account).executeTakeFirst();
  if (!row) throw new AdminError(`no account ${account}`);
}

/** Attaches a domain to an account; a domain already attached (to this account or another) is refused, naming its account. */
export async function addPortalDomain(db: Kysely<Database>, account: number, input: string) {
  const domain = parsePortalDomain(input);
  await accountExists(db, account);
  const created_at = nowIso();
  // The primary key decides between two operators adding the same domain at once: one row wins.
  const result = await db.insertInto('portal_domains').values({ domain, account_id: account, created_at }).onConflict((oc) => oc.column('domain').doNothing()).executeTakeFirst();
  if (Number(result.numInsertedOrUpdatedRows ?? 0) !== 1) {
    const holder = await db.selectFrom('portal_domains').select('account_id').where('domain', '=', domain).executeTakeFirst();
    const who = holder?.account_id === account ? `this account (${account})` : `account ${holder?.account_id}`;
    throw new AdminError(`${domain} is already a portal domain of ${who}; a domain belongs to one account (remove it there first)`);
  }
  return { domain, account_id: account, created_at };
}

/** Detaches a domain from an account; one not attached to that account is refused. */
export async function removePortalDomain(db: Kysely<Database>, account: number, input: string) {
  const domain = parsePortalDomain(input);
  const result = await db.deleteFrom('portal_domains').where('domain', '=', domain).where('account_id', '=', account).executeTakeFirst();
  if (Number(result.numDeletedRows) !== 1) throw new AdminError(`${domain} is not a portal domain of account ${account}`);
  return { domain, account_id: account, removed: true };
}

/** The portal domains of one account, or of every account, by domain. */
export async function listPortalDomains(db: Kysely<Database>, account?: number) {
  let query = db.selectFrom('portal_domains').selectAll().orderBy('account_id').orderBy('domain');
  if (account !== undefined) query = query.where('account_id', '=', account);
  return query.execute();
}

/** The portal whose domain is `domain` (normalised by `http/portal.ts`), with its account; null when none. */
const portalOfDomain = compiledOnce((db, { domain }: { domain: string }) =>
  db
    .selectFrom('portal_domains')
    .innerJoin('accounts', 'accounts.id', 'portal_domains.account_id')
    .select(['portal_domains.domain', 'accounts.id', 'accounts.name'])
    .where('portal_domains.domain', '=', domain),
);

export async function findPortal(db: Kysely<Database>, domain: string): Promise<Portal | null> {
  const [row] = await rowsOf(db, portalOfDomain(db, { domain }));
  return row ? { domain: row.domain, account: { id: row.id, name: row.name } } : null;
}

/**
 * Where the account's people reach their dashboard: its portal domain when it has one (the first
 * attached, then by name), with PUBLIC_URL's scheme and port, since the same server answers it;
 * else PUBLIC_URL itself. Links the platform writes for them (invitations) point there, so a label
 * on a white-label portal never sees the platform's address in them.
 */
export async function dashboardBaseOf(db: Kysely<Database>, account: number, publicUrl: string): Promise<{ base: string; portal: string | null }> {
  const row = await db.selectFrom('portal_domains').select('domain').where('account_id', '=', account).orderBy('created_at').orderBy('domain').executeTakeFirst();
  if (!row) return { base: publicUrl, portal: null };
  const url = new URL(publicUrl);
  url.hostname = row.domain;
  return { base: url.origin + url.pathname.replace(/\/$/, ''), portal: row.domain };
}

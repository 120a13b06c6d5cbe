/**
 * Settings → API: the account's keys by prefix (created, last used, expiry, state), a new key
 * (name, scopes, optional expiry) shown once with a copy button, and revocation. Every write goes
 * through the functions of `auth/admin.ts` that the operator's `admin key` commands use.
 */
import type { FastifyReply } from 'fastify';
import type { Caller } from '../auth/caller.js';
import { createKey, listKeys, revokeKey } from '../auth/admin.js';
import { LIVE_PREFIX, RETIRED_TEST_PREFIX, SCOPES } from '../auth/api-keys.js';
import { AdminError } from '../admin/admin-error.js';
import { ApiError } from '../http/api-error.js';
import { nowIso, nowMs } from '../clock.js';
import type { AppContext } from '../http/route-spec.js';
import { csrfField, dashboardPage, html, when, type SafeHtml } from './layout.js';
import { formOf, signedIn, type DashboardPage } from './page.js';

const PATH = '/dashboard/settings/api';
const AUTH = { via: ['session'], scope: null } as const;

/** What the scopes let a key do, in the words of the spec's endpoints. */
const SCOPE_TEXT: Record<(typeof SCOPES)[number], string> = {
  'ddex:validate': 'test deliveries (POST /ddex/validate)',
  'ddex:write': 'deliver, and test',
  'catalog:read': 'read releases',
  'members:read': 'read members',
  'members:write': 'invite members',
  'links:read': 'read smartlinks',
  'payouts:read': 'read payouts',
  'earnings:read': 'read earnings',
  'webhooks:read': 'read webhooks',
  'webhooks:write': 'manage webhooks',
};

interface Entered {
  name: string;
  scopes: string[];
  expires: string;
}

function createForm(caller: Caller, entered: Entered): SafeHtml {
  return html`<form method="post" action="${PATH}/keys" class="panel">
${csrfField(caller)}
<h2 id="new-key-heading">New key</h2>
<div class="stack">
  <label for="key-name">Name <span class="hint">(where it is used: “Catalog sync”)</span></label>
  <input id="key-name" name="name" type="text" maxlength="100" required value="${entered.name}">
</div>
<fieldset class="scopes">
  <legend>Scopes</legend>
  ${SCOPES.map((scope) => html`<label class="option"><input type="checkbox" name="scopes" value="${scope}"${entered.scopes.includes(scope) ? html` checked` : ''}><span><code>${scope}</code> <span class="hint">${SCOPE_TEXT[scope]}</span></span></label>`)}
</fieldset>
<fieldset class="kinds">
  <legend>Kind</legend>
  <label class="option"><input type="radio" name="kind" value="live" checked><span>Live key (<code>${LIVE_PREFIX}</code>)</span></label>
  <label class="option"><input type="radio" name="kind" value="test"><span>Test key (<code>${RETIRED_TEST_PREFIX}</code>): retired; test with a live key and POST /ddex/validate or the SFTP /test folder</span></label>
</fieldset>
<div class="stack">
  <label for="key-expires">Expires <span class="hint">(optional; at 00:00 UTC that day)</span></label>
  <input id="key-expires" name="expires" type="date" value="${entered.expires}">
  <button type="submit" class="primary">Create key</button>
</div>
</form>`;
}

function stateOf(key: { revoked_at: string | null; expires_at: string | null }): SafeHtml {
  if (key.revoked_at) return html`<span class="badge muted">Revoked</span><br><span class="hint">${when(key.revoked_at)}</span>`;
  if (key.expires_at && key.expires_at <= nowIso()) return html`<span class="badge muted">Expired</span>`;
  return html`<span class="badge ok">Active</span>`;
}

async function keysTable(ctx: AppContext, caller: Caller): Promise<SafeHtml> {
  const keys = (await listKeys(ctx.db, caller.account.id)).reverse();
  if (!keys.length) return html`<p class="empty">No keys yet.</p>`;
  return html`<div class="table-wrap"><table>
<caption class="visually-hidden">API keys</caption>
<thead><tr><th scope="col">Name</th><th scope="col">Key</th><th scope="col">Scopes</th><th scope="col">Created</th><th scope="col">Last used</th><th scope="col">Expires</th><th scope="col">State</th><th scope="col"><span class="visually-hidden">Actions</span></th></tr></thead>
<tbody>${keys.map((key) => {
    const live = !key.revoked_at && !(key.expires_at && key.expires_at <= nowIso());
    return html`<tr>
<td>${key.name}</td>
<td><code>${key.prefix}…</code></td>
<td class="scope-list">${key.scopes.map((s) => html`<code>${s}</code> `)}</td>
<td>${when(key.created_at)}</td>
<td>${when(key.last_used_at, 'Never')}</td>
<td>${when(key.expires_at, 'Never')}</td>
<td>${stateOf(key)}</td>
<td class="actions">${live ? html`<form method="post" action="${PATH}/keys/${key.id}/revoke" data-confirm="${`Revoke ${key.name} (${key.prefix}…)? Requests with it are refused at once.`}">${csrfField(caller)}<button type="submit" class="danger" aria-label="${`Revoke ${key.name}`}">Revoke</button></form>` : ''}</td>
</tr>`;
  })}</tbody></table></div>`;
}

async function page(ctx: AppContext, reply: FastifyReply, caller: Caller, o: { entered?: Entered; created?: { name: string; key: string }; notice?: string; error?: string; status?: number }) {
  const created = o.created
    ? html`<section class="created" aria-labelledby="created-heading">
<h2 id="created-heading">Your new key “${o.created.name}”</h2>
<p>Copy it now: it is shown only this once. Keep it on your server, never in a web page.</p>
<div class="secret"><code id="new-key">${o.created.key}</code><button type="button" data-copy="new-key">Copy</button></div>
</section>`
    : '';
  return dashboardPage(reply, {
    title: 'API keys',
    section: 'settings-api',
    caller,
    status: o.status,
    notice: o.notice,
    error: o.error,
    body: html`<p class="lead">Keys let your systems call the API (<code>Authorization: Bearer …</code>). Only the start of each key is kept in clear.</p>
${created}
${createForm(caller, o.entered ?? { name: '', scopes: [], expires: '' })}
<h2>Keys</h2>
${await keysTable(ctx, caller)}`,
  });
}

/** The expiry field (a date, or empty): an ISO time in the future, or why not. */
function expiryOf(value: string): { ok: true; at: string | null } | { ok: false; error: string } {
  if (!value) return { ok: true, at: null };
  const at = /^\d{4}-\d{2}-\d{2}$/.test(value) ? Date.parse(`${value}T00:00:00Z`) : Number.NaN;
  if (Number.isNaN(at)) return { ok: false, error: `The expiry "${value.slice(0, 40)}" is not a date.` };
  if (at <= nowMs()) return { ok: false, error: 'The expiry must be a day in the future.' };
  return { ok: true, at: new Date(at).toISOString() };
}

export const API_KEY_PAGES: DashboardPage[] = [
  {
    method: 'GET',
    path: PATH,
    auth: AUTH,
    async handler(ctx, request, reply) {
      const done = (request.query as { done?: string }).done;
      return page(ctx, reply, signedIn(request), { notice: done === 'revoked' ? 'Key revoked: requests with it are refused from now on.' : undefined });
    },
  },
  {
    method: 'POST',
    path: `${PATH}/keys`,
    auth: AUTH,
    async handler(ctx, request, reply) {
      const caller = signedIn(request);
      const fields = formOf(request);
      const entered: Entered = { name: fields.get('name').trim(), scopes: fields.getAll('scopes'), expires: fields.get('expires').trim() };
      const expiry = expiryOf(entered.expires);
      if (!expiry.ok) return page(ctx, reply, caller, { entered, status: 400, error: expiry.error });
      try {
        const prefix = fields.get('kind') === 'test' ? RETIRED_TEST_PREFIX : LIVE_PREFIX;
        const key = await createKey(ctx.db, { account: caller.account.id, name: entered.name, scopes: entered.scopes, expiresAt: expiry.at, prefix });
        return page(ctx, reply, caller, { created: { name: entered.name, key: key.key }, status: 201 });
      } catch (error) {
        if (!(error instanceof AdminError)) throw error;
        if (error.code === 'test_keys_retired') {
          return page(ctx, reply, caller, { entered, status: 400, error: 'test_keys_retired: svc_test_ keys are retired with the sandbox. Create a live key and test with POST /ddex/validate or the SFTP /test folder.' });
        }
        // The admin command's text, without its command-line hint.
        const text = error.message.replace(/\s*\(--[^)]*\)/, '');
        return page(ctx, reply, caller, { entered, status: 400, error: `${text.charAt(0).toUpperCase()}${text.slice(1)}.` });
      }
    },
  },
  {
    method: 'POST',
    path: `${PATH}/keys/:id/revoke`,
    auth: AUTH,
    async handler(ctx, request, reply) {
      const caller = signedIn(request);
      const id = Number((request.params as { id: string }).id);
      try {
        if (!Number.isSafeInteger(id)) throw new AdminError('not a key id', 'not_found');
        await revokeKey(ctx.db, id, caller.account.id);
      } catch (error) {
        // Another account's key, a revoked one, or no key: the same answer.
        if (error instanceof AdminError) throw new ApiError(404, 'not_found', 'There is no such active key.');
        throw error;
      }
      return reply.redirect(`${PATH}?done=revoked`, 303);
    },
  },
];

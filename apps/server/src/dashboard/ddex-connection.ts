/**
 * DDEX → Connection: where to connect by SFTP (host, port, user name, the host key's fingerprint
 * to check on first connection), a new SFTP password (shown on the answer to the form only, never
 * again), SSH public keys (checked as `admin sftp add-key` checks them, the error saying what is
 * wrong), and Activity: pings and SFTP connection tests, with whether each is seen working.
 */
import { AdminError } from '../admin/admin-error.js';
import { assetUrl } from './assets.js';
import { csrfField, dashboardPage, html, when } from './layout.js';
import { formOf, signedIn, type DashboardPage } from './page.js';
import type { Caller } from '../auth/caller.js';
import type { AppContext } from '../http/route-spec.js';
import type { FastifyReply } from 'fastify';
import type { SafeHtml } from './html.js';
import { connectionActivity, connectionDetails, resetSftpPassword, WORKING_DAYS } from '../sftp/connection.js';
import { addPublicKey } from '../sftp/logins.js';

const BASE = '/dashboard/ddex/connection';
const read = { via: ['session'] as const, scope: 'ddex:validate' as const };
const write = { via: ['session'] as const, scope: 'ddex:write' as const };
const NOTICES: Record<string, string> = { key: 'SSH public key added: it can log in now.' };

/** The host partners connect to: PUBLIC_URL's host name (the SFTP listen address is often 0.0.0.0). */
function publicHost(ctx: AppContext): string {
  try {
    return new URL(ctx.publicUrl()).hostname;
  } catch {
    return ctx.config.sftp.host;
  }
}

async function connectionPage(ctx: AppContext, caller: Caller, reply: FastifyReply, o: { notice?: string; error?: string; status?: number; password?: SafeHtml; keyText?: string } = {}) {
  const details = await connectionDetails(ctx.db, { accountId: caller.account.id, dataDir: ctx.config.dataDir, host: publicHost(ctx), port: ctx.sftpPort() });
  const activity = await connectionActivity(ctx.db, caller.account.id);
  return dashboardPage(reply, {
    title: 'Connection',
    section: 'connection',
    caller,
    notice: o.notice,
    error: o.error,
    status: o.status,
    body: html`<link rel="stylesheet" href="${assetUrl('ddex.css')}">
<h2>Activity</h2>
<p class="hint">A connection seen within ${WORKING_DAYS} days is working. Check one with GET /ping (any key), or by putting any file other than a batch (ping.txt) in SFTP /test.</p>
<ul class="activity-states">${activity.states.map(
      (s) => html`<li class="activity-state state-${s.state}" data-activity="${s.kind}"><span class="state-mark" aria-hidden="true">${s.state === 'working' ? '●' : '○'}</span> <strong>${s.label}</strong>: <span data-state-text>${s.text}</span>${s.lastAt ? html` <span class="muted">(${when(s.lastAt)})</span>` : ''}</li>`,
    )}</ul>
${
  activity.rows.length === 0
    ? html`<p class="empty">No activity yet.</p>`
    : html`<div class="table-wrap"><table class="activity"><caption class="visually-hidden">Connection activity, newest first</caption>
<thead><tr><th scope="col">When</th><th scope="col">What</th><th scope="col">Address</th><th scope="col">Client</th></tr></thead>
<tbody>${activity.rows.map((r) => html`<tr data-kind="${r.kind}"><td>${when(r.at)}</td><td>${r.label}</td><td>${r.ip ?? '—'}</td><td class="ua">${r.userAgent ?? '—'}</td></tr>`)}</tbody></table></div>`
}
<h2>SFTP</h2>
<dl class="facts">
<div><dt>Host</dt><dd><code>${details.host}</code></dd></div>
<div><dt>Port</dt><dd><code>${details.port}</code></dd></div>
<div><dt>User name</dt><dd><code>${details.username}</code>${details.hasLogin ? '' : html` <span class="muted">(no password set yet)</span>`}</dd></div>
<div><dt>Host key</dt><dd><code>${details.hostKey.fingerprint}</code> <span class="muted">${details.hostKey.type}</span></dd></div>
</dl>
<p class="hint">On your first connection, check that the server's key has this fingerprint before you accept it.</p>
${o.password ?? ''}
<form method="post" action="${BASE}/password" data-confirm="${details.hasLogin ? 'Set a new SFTP password? The old one stops working at once.' : ''}">${csrfField(caller)}<button type="submit">${details.hasLogin ? 'Reset the SFTP password' : 'Set an SFTP password'}</button></form>
<h3>SSH public keys</h3>
${
  details.keys.length === 0
    ? html`<p class="hint">No key yet: log in with the password, or add your public key.</p>`
    : html`<ul class="keys">${details.keys.map((k) => html`<li><code>${k.type}</code> <code>${k.fingerprint}</code>${k.comment ? html` <span class="muted">${k.comment}</span>` : ''}</li>`)}</ul>`
}
<form method="post" action="${BASE}/keys" class="stack">${csrfField(caller)}
<label for="public-key">Add a public key</label>
<textarea id="public-key" name="key" rows="3" spellcheck="false" placeholder="ssh-ed25519 AAAA… you@example.com" aria-describedby="public-key-hint">${o.keyText ?? ''}</textarea>
<span id="public-key-hint" class="hint">One line of your .pub file (ssh-ed25519, ecdsa or rsa). Never the private key.</span>
<button type="submit">Add key</button>
</form>`,
  });
}

export const CONNECTION_PAGES: DashboardPage[] = [
  {
    method: 'GET',
    path: BASE,
    auth: read,
    async handler(ctx, request, reply) {
      return connectionPage(ctx, signedIn(request), reply, { notice: NOTICES[(request.query as { done?: string }).done ?? ''] });
    },
  },
  {
    // Answered with the page itself (not a redirect), so the password is in this answer only.
    method: 'POST',
    path: `${BASE}/password`,
    auth: write,
    async handler(ctx, request, reply) {
      const caller = signedIn(request);
      const { username, password } = await resetSftpPassword(ctx.db, caller.account.id);
      const shown = html`<div class="secret" role="status"><span>New password for <code>${username}</code>; copy it now, it is not shown again:</span> <code id="sftp-password">${password}</code> <button type="button" data-copy="sftp-password">Copy</button></div>`;
      return connectionPage(ctx, caller, reply, { password: shown });
    },
  },
  {
    method: 'POST',
    path: `${BASE}/keys`,
    auth: write,
    async handler(ctx, request, reply) {
      const caller = signedIn(request);
      const line = formOf(request).get('key').trim();
      if (!line) return connectionPage(ctx, caller, reply, { status: 400, error: 'Paste a public key (a line of your .pub file) to add it.' });
      if (line.length > 16_384) return connectionPage(ctx, caller, reply, { status: 400, error: 'That is longer than any SSH public key (16 KB at most).' });
      try {
        await addPublicKey(ctx.db, caller.account.id, line, { createLogin: true });
      } catch (error) {
        if (!(error instanceof AdminError)) throw error;
        return connectionPage(ctx, caller, reply, { status: 400, error: `Key not added: ${error.message}.`, keyText: line });
      }
      return reply.redirect(`${BASE}?done=key`, 303);
    },
  },
];

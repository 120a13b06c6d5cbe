/**
 * Settings → Users: who at the account can sign in here; invite someone (the link goes out by the
 * server's mailer and is shown here too, for when mail is slow), remove someone (their sessions end
 * at once). The same functions as `ddex-server admin user …` (users/users.ts).
 */
import type { FastifyReply } from 'fastify';
import { sessionOf, type Caller } from '../auth/caller.js';
import { ApiError } from '../http/api-error.js';
import type { AppContext } from '../http/route-spec.js';
import { inviteUserByEmail, SEND_USER_INVITATION, userInvitationKey } from '../users/invitation-mail.js';
import { INVITATION_DAYS, listUsers, removeUser } from '../users/users.js';
import { csrfField, dashboardPage, html, when, type SafeHtml } from './layout.js';
import { formOf, signedIn, type DashboardPage } from './page.js';

const PATH = '/dashboard/settings/users';
const AUTH = { via: ['session'], scope: null } as const;

async function page(ctx: AppContext, reply: FastifyReply, caller: Caller, o: { email?: string; invited?: { email: string; link: string }; notice?: string; error?: string; status?: number }) {
  const me = sessionOf(caller).user.id;
  const users = await listUsers(ctx.db, caller.account.id);
  const invited = o.invited
    ? html`<section aria-labelledby="invited-heading">
<h2 id="invited-heading">Invitation sent to ${o.invited.email}</h2>
<p>The email is on its way. You can also give this link yourself: it works once, for ${INVITATION_DAYS} days, and is shown only now.</p>
<div class="secret"><code id="invite-link">${o.invited.link}</code><button type="button" data-copy="invite-link">Copy</button></div>
</section>`
    : '';
  const rows: SafeHtml[] = users.map(
    (user) => html`<tr>
<td>${user.email}${user.id === me ? html` <span class="badge">You</span>` : ''}</td>
<td>${user.status === 'active' ? html`<span class="badge ok">Active</span>` : html`<span class="badge muted">Invited</span>`}</td>
<td>${when(user.created_at)}</td>
<td>${when(user.last_sign_in_at, 'Never')}</td>
<td class="actions">${user.id === me ? '' : html`<form method="post" action="${PATH}/${user.id}/remove" data-confirm="${`Remove ${user.email}? They are signed out at once.`}">${csrfField(caller)}<button type="submit" class="danger" aria-label="${`Remove ${user.email}`}">Remove</button></form>`}</td>
</tr>`,
  );
  return dashboardPage(reply, {
    title: 'Users',
    section: 'settings-users',
    caller,
    status: o.status,
    notice: o.notice,
    error: o.error,
    body: html`<p class="lead">People of ${caller.account.name} who sign in to this dashboard. Everyone here can do everything the account can.</p>
${invited}
<form method="post" action="${PATH}" class="panel">
${csrfField(caller)}
<h2>Invite someone</h2>
<div class="stack">
  <label for="invite-email">Email</label>
  <input id="invite-email" name="email" type="email" required maxlength="254" value="${o.email ?? ''}">
  <button type="submit" class="primary">Send invitation</button>
</div>
</form>
<h2>Users</h2>
<div class="table-wrap"><table>
<caption class="visually-hidden">Users</caption>
<thead><tr><th scope="col">Email</th><th scope="col">State</th><th scope="col">Added</th><th scope="col">Last sign-in</th><th scope="col"><span class="visually-hidden">Actions</span></th></tr></thead>
<tbody>${rows}</tbody></table></div>`,
  });
}

export const USER_PAGES: DashboardPage[] = [
  {
    method: 'GET',
    path: PATH,
    auth: AUTH,
    async handler(ctx, request, reply) {
      const done = (request.query as { done?: string }).done;
      return page(ctx, reply, signedIn(request), { notice: done === 'removed' ? 'User removed: they are signed out.' : undefined });
    },
  },
  {
    method: 'POST',
    path: PATH,
    auth: AUTH,
    async handler(ctx, request, reply) {
      const caller = signedIn(request);
      const email = formOf(request).get('email').trim();
      const result = await inviteUserByEmail(ctx.db, caller.account.id, email, { key: userInvitationKey(ctx.config.dataDir), publicUrl: ctx.publicUrl(), by: sessionOf(caller).user.email });
      if (!result.ok) return page(ctx, reply, caller, { email, status: result.why === 'taken' ? 409 : 400, error: result.message });
      ctx.jobs.nudge(SEND_USER_INVITATION);
      return page(ctx, reply, caller, { invited: { email: email.toLowerCase(), link: result.link! }, status: 201 });
    },
  },
  {
    method: 'POST',
    path: `${PATH}/:id/remove`,
    auth: AUTH,
    async handler(ctx, request, reply) {
      const caller = signedIn(request);
      const id = Number((request.params as { id: string }).id);
      if (id === sessionOf(caller).user.id) throw new ApiError(400, 'invalid', 'You cannot remove yourself; ask another user of your account.');
      // Another account's user, a removed one, or no number: the same not found.
      if (!Number.isSafeInteger(id) || !(await removeUser(ctx.db, caller.account.id, id))) throw new ApiError(404, 'not_found', 'There is no such user.');
      return reply.redirect(`${PATH}?done=removed`, 303);
    },
  },
];

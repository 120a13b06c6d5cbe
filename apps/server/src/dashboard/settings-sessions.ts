/** Settings → Sessions: the signed-in user's sessions (where and when), each revocable; revoking this one signs out. */
import { sessionOf } from '../auth/caller.js';
import { ApiError } from '../http/api-error.js';
import { endSession, listSessions } from '../users/sessions.js';
import { csrfField, dashboardPage, html, when } from './layout.js';
import { signedIn, type DashboardPage } from './page.js';
import { signedOutAnswer } from './sign-in.js';

const NOTICES: Record<string, string> = { revoked: 'Session revoked: it is signed out.' };

export const SESSION_PAGES: DashboardPage[] = [
  {
    method: 'GET',
    path: '/dashboard/settings/sessions',
    auth: { via: ['session'], scope: null },
    async handler(ctx, request, reply) {
      const caller = signedIn(request);
      const current = sessionOf(caller);
      const rows = await listSessions(ctx.db, current.user.id);
      const notice = NOTICES[(request.query as { done?: string }).done ?? ''];
      return dashboardPage(reply, {
        title: 'Sessions',
        section: 'settings-sessions',
        caller,
        notice,
        body: html`<p class="lead">Where you are signed in as ${current.user.email}. A session ends after 12 hours without use, and 7 days after sign-in in any case.</p>
<div class="table-wrap"><table>
<caption class="visually-hidden">Your sessions</caption>
<thead><tr><th scope="col">Signed in</th><th scope="col">Last seen</th><th scope="col">Address</th><th scope="col">Browser</th><th scope="col"><span class="visually-hidden">Actions</span></th></tr></thead>
<tbody>${rows.map(
          (row) => html`<tr>
<td>${when(row.created_at)}${row.id === current.id ? html` <span class="badge">This session</span>` : ''}</td>
<td>${when(row.last_seen_at)}</td>
<td>${row.address ?? '—'}</td>
<td class="ua">${row.user_agent ?? '—'}</td>
<td class="actions"><form method="post" action="/dashboard/settings/sessions/${row.id}/revoke" data-confirm="${row.id === current.id ? 'Sign out of this session?' : 'Revoke this session? That browser is signed out at once.'}">${csrfField(caller)}<button type="submit" class="danger">${row.id === current.id ? 'Sign out' : 'Revoke'}</button></form></td>
</tr>`,
        )}</tbody>
</table></div>`,
      });
    },
  },
  {
    method: 'POST',
    path: '/dashboard/settings/sessions/:id/revoke',
    auth: { via: ['session'], scope: null },
    async handler(ctx, request, reply) {
      const current = sessionOf(signedIn(request));
      const id = Number((request.params as { id: string }).id);
      // Another user's session, an ended one or no number: the same not found.
      if (!Number.isSafeInteger(id) || !(await endSession(ctx.db, current.user.id, id))) throw new ApiError(404, 'not_found', 'There is no such session of yours.');
      // The revoked session's open event streams in this process end now (others at their next check).
      ctx.events.closeOwner(`session:${id}`);
      if (id === current.id) return signedOutAnswer(request, reply);
      return reply.redirect('/dashboard/settings/sessions?done=revoked', 303);
    },
  },
];

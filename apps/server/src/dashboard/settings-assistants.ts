/** Settings → Assistants: the AI assistants authorized on the MCP server (issue 44), each revocable (its tokens stop at once). */
import { ApiError } from '../http/api-error.js';
import { listGrants, revokeAccountGrant } from '../mcp/oauth/grants.js';
import { csrfField, dashboardPage, html, when } from './layout.js';
import { signedIn, type DashboardPage } from './page.js';

const PATH = '/dashboard/settings/assistants';
const NOTICES: Record<string, string> = { revoked: 'Assistant revoked: its tokens no longer work.' };

export const ASSISTANT_PAGES: DashboardPage[] = [
  {
    method: 'GET',
    path: PATH,
    auth: { via: ['session'], scope: null },
    async handler(ctx, request, reply) {
      const caller = signedIn(request);
      const rows = await listGrants(ctx.db, caller.account.id);
      return dashboardPage(reply, {
        title: 'Assistants',
        section: 'settings-assistants',
        caller,
        notice: NOTICES[(request.query as { done?: string }).done ?? ''],
        body: html`<p class="lead">AI assistants you authorized to use ddex-check through its MCP server, with what each may do. Revoking one ends its access at once.</p>
${
  rows.length
    ? html`<div class="table-wrap"><table>
<caption class="visually-hidden">Authorized assistants</caption>
<thead><tr><th scope="col">Assistant</th><th scope="col">May</th><th scope="col">Authorized</th><th scope="col">Last token</th><th scope="col"><span class="visually-hidden">Actions</span></th></tr></thead>
<tbody>${rows.map(
        (row) => html`<tr>
<td>${row.client_name}<br><span class="hint">${row.client_id}</span></td>
<td>${row.scopes.map((s) => html`<span class="badge">${s}</span> `)}</td>
<td>${when(row.created_at)}</td>
<td>${when(row.last_token_at)}</td>
<td class="actions"><form method="post" action="${PATH}/${row.id}/revoke" data-confirm="Revoke ${row.client_name}? It loses access at once.">${csrfField(caller)}<button type="submit" class="danger">Revoke</button></form></td>
</tr>`,
      )}</tbody>
</table></div>`
    : html`<p class="empty">No assistant is authorized. An assistant connects to the MCP server and sends you to a page here to allow it.</p>`
}`,
      });
    },
  },
  {
    method: 'POST',
    path: `${PATH}/:id/revoke`,
    auth: { via: ['session'], scope: null },
    async handler(ctx, request, reply) {
      const caller = signedIn(request);
      const id = Number((request.params as { id: string }).id);
      if (!Number.isSafeInteger(id) || !(await revokeAccountGrant(ctx.db, caller.account.id, id))) throw new ApiError(404, 'not_found', 'There is no such assistant of this account.');
      return reply.redirect(`${PATH}?done=revoked`, 303);
    },
  },
];

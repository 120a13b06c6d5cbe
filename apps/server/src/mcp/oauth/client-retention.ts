/**
 * Clients registered with RFC 7591 that no partner ever authorized are removed 7 days after
 * registration (a recurring job of the one queue, `mcp.clients.retention`): an assistant
 * registers right before it opens the authorization page, so a week-old client without a grant
 * was abandoned, and open registration must not grow the table without end. A client with a grant,
 * even a revoked one, is kept: the dashboard's Assistants page names it.
 */
import type { JobHandler } from '../../jobs/job-runner.js';
import { isoIn } from '../../clock.js';
import '../tables.js';

export const UNAUTHORIZED_CLIENT_RETENTION_DAYS = 7;

export const clientRetentionJob: JobHandler = {
  kind: 'mcp.clients.retention',
  async run(_payload, ctx) {
    const result = await ctx.db
      .deleteFrom('oauth_clients')
      .where('created_at', '<', isoIn(-UNAUTHORIZED_CLIENT_RETENTION_DAYS * 86_400_000))
      .where(({ not, exists, selectFrom }) => not(exists(selectFrom('oauth_grants').select('oauth_grants.id').whereRef('oauth_grants.client_id', '=', 'oauth_clients.client_id'))))
      .executeTakeFirst();
    const removed = Number(result.numDeletedRows);
    if (removed) ctx.log.info({ removed }, `registered MCP clients never authorized in ${UNAUTHORIZED_CLIENT_RETENTION_DAYS} days removed`);
  },
};

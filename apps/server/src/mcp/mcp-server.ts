/**
 * One MCP server instance per HTTP request (the SDK's stateless serving): the tools of `tools.ts`
 * bound to the request's Caller. A tool needs its endpoint's scope: without it the SDK answers the
 * call with 403 and `WWW-Authenticate: Bearer error="insufficient_scope"` naming the scopes to ask
 * for (MCP authorization, scope challenge); an API error becomes a tool error with the API's error
 * object as structured content.
 */
import { McpServer, type CallToolResult, type ScopeChallengeHandler } from '@modelcontextprotocol/server';
import type { FastifyRequest } from 'fastify';
import { hasScope, type Scope } from '../auth/api-keys.js';
import type { Caller } from '../auth/caller.js';
import { ApiError } from '../http/api-error.js';
import type { AppContext } from '../http/route-spec.js';
import { TOOLS } from './tools.js';
import { outputSchemaOf } from './output-schemas.js';

export const SERVER_INFO = { name: 'ddex-check', title: 'ddex-check: DDEX delivery checks', version: '1.0.0' };

const INSTRUCTIONS =
  'Tools of a ddex-check partner account: validate an ERN message, read deliveries and test reports, explain a check by its rule id, and read members, earnings and payouts. Each tool needs the scope of its API endpoint.';

function scopeChallenge(scope: Scope): ScopeChallengeHandler {
  return ({ authInfo }) => {
    if (!authInfo || hasScope(authInfo.scopes, scope)) return undefined;
    return { scopes: [...new Set([...authInfo.scopes, scope])] as [string, ...string[]], errorDescription: `This tool needs the ${scope} scope` };
  };
}

export function buildMcpServer(ctx: AppContext, caller: Caller, request: FastifyRequest): McpServer {
  const server = new McpServer(SERVER_INFO, { capabilities: { tools: {}, logging: {} }, instructions: INSTRUCTIONS });
  for (const tool of TOOLS) {
    server.registerTool(
      tool.name,
      {
        title: tool.title,
        description: tool.description,
        inputSchema: tool.input,
        outputSchema: outputSchemaOf(tool.output),
        annotations: { readOnlyHint: tool.readOnly, openWorldHint: false },
        ...(tool.scope ? { scopeChallenge: scopeChallenge(tool.scope) } : {}),
      },
      async (args: Record<string, unknown>): Promise<CallToolResult> => {
        // Checked here too: the scope challenge is the SDK's, this is ours, whatever the era.
        if (tool.scope && !hasScope(caller.scopes, tool.scope)) {
          const body = new ApiError(403, 'insufficient_scope', `This token lacks the ${tool.scope} scope.`, { scope: tool.scope }).body();
          return { isError: true, content: [{ type: 'text', text: String(body.error) }], structuredContent: body };
        }
        try {
          const { structured, text } = await tool.run(args, { ctx, caller, request });
          return { content: [{ type: 'text', text }], structuredContent: structured };
        } catch (error) {
          if (!(error instanceof ApiError)) throw error;
          const body = error.body();
          return { isError: true, content: [{ type: 'text', text: `${error.code}: ${error.message}` }], structuredContent: body };
        }
      },
    );
  }
  return server;
}

/**
 * The MCP endpoint at {mcp_url} and {legacy_mcp_url}: Streamable HTTP through the SDK's
 * `createMcpHandler` (the newest protocol revision, and the 2025 revisions served statelessly as
 * the SDK does), behind the one Caller (tokens only). Before anything else, DNS-rebinding defence
 * (MCP transports, security warning): a request whose `Origin` is not this server's public host
 * or a loopback name is refused with 403; then {legacy_mcp_url} after its sunset answers 410.
 */
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createMcpHandler, localhostAllowedOrigins, validateOriginHeader } from '@modelcontextprotocol/server';
import type { AppContext } from '../http/route-spec.js';
import { isLegacyUrl, originOf } from '../http/base-url.js';
import { buildMcpServer } from './mcp-server.js';
import { LEGACY_MCP_PATH, legacyMcpOpen, MCP_PATH, mcpUrls, resourceMetadataUrl } from './urls.js';
import type { Caller } from '../auth/caller.js';

/** Origins a browser may call from: the public URL's host (PUBLIC_URL) and loopback names. */
export function allowedOriginHosts(publicUrl: string | null): string[] {
  return [...localhostAllowedOrigins(), ...(publicUrl ? [new URL(publicUrl).hostname] : [])];
}

function jsonRpcError(reply: FastifyReply, status: number, message: string) {
  return reply.code(status).header('content-type', 'application/json').send({ jsonrpc: '2.0', id: null, error: { code: -32000, message } });
}

function webRequest(request: FastifyRequest, signal: AbortSignal): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    headers.set(name, Array.isArray(value) ? value.join(', ') : String(value));
  }
  const init: RequestInit & { duplex?: 'half' } = { method: request.method, headers, signal };
  if (request.method === 'POST' && request.body) {
    init.body = Readable.toWeb(request.body as Readable) as unknown as ReadableStream;
    init.duplex = 'half';
  }
  return new Request(originOf(request) + request.url, init);
}

export function registerMcp(app: FastifyInstance, ctx: AppContext): void {
  const handler = createMcpHandler(({ authInfo }) => {
    const extra = authInfo?.extra as { caller: Caller; request: FastifyRequest };
    return buildMcpServer(ctx, extra.caller, extra.request);
    // 8 MiB: the validate tool takes 5 MiB of XML, which JSON escaping can grow.
  }, { maxRequestBodySize: 8 * 1024 * 1024, onerror: (error) => app.log.debug({ err: error }, 'mcp request refused') });
  app.addHook('onClose', async () => handler.close());
  const allowed = allowedOriginHosts(ctx.config.publicUrl);

  for (const path of [MCP_PATH, LEGACY_MCP_PATH]) {
    app.route({
      method: ['GET', 'POST', 'DELETE'],
      url: path,
      config: { auth: { via: ['token'], scope: null } },
      onRequest: async (request, reply) => {
        const origin = validateOriginHeader(request.headers.origin, allowed);
        if (!origin.ok) return jsonRpcError(reply, 403, `Forbidden: ${origin.message}`);
        if (isLegacyUrl(request.url) && !legacyMcpOpen()) return jsonRpcError(reply, 410, `${LEGACY_MCP_PATH} was retired at its sunset; connect to ${MCP_PATH}.`);
      },
      handler: async (request, reply) => {
        const caller = request.caller!;
        const token = /^Bearer\s+(\S+)/i.exec(String(request.headers.authorization))![1];
        const resource = isLegacyUrl(request.url) ? mcpUrls(request).legacy : mcpUrls(request).mcp;
        const abort = new AbortController();
        reply.raw.once('close', () => abort.abort());
        const response = await handler.fetch(webRequest(request, abort.signal), {
          authInfo: {
            token,
            clientId: String(caller.credential.id),
            scopes: caller.scopes,
            resource: new URL(resource),
            resourceMetadataUrl: resourceMetadataUrl(resource),
            extra: { caller, request },
          },
        });
        reply.code(response.status);
        response.headers.forEach((value, name) => {
          // CORS is the server's own (http/cors.ts); the SDK's would contradict it.
          if (!name.startsWith('access-control-')) reply.header(name, value);
        });
        if (!response.body) return reply.send();
        return reply.send(Readable.fromWeb(response.body as unknown as NodeReadableStream));
      },
    });
  }
}

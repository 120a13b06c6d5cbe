/**
 * {mcp_url}/manifest.json (spec 5.10): the server, where it is, how it is authorized, and every
 * tool with its input and output JSON Schemas and the scope it needs. Public, like the OpenAPI
 * document: it describes, it grants nothing.
 */
import { z } from 'zod';
import type { PageRoute } from '../http/page-route.js';
import { LATEST_PROTOCOL_VERSION, SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/server';
import { SERVER_INFO } from './mcp-server.js';
import { TOOLS } from './tools.js';
import { outputJsonSchema } from './output-schemas.js';
import { MCP_PATH, mcpUrls, resourceMetadataUrl } from './urls.js';

export const MANIFEST_PAGE: PageRoute = {
  method: 'GET',
  path: `${MCP_PATH}/manifest.json`,
  async handler(_ctx, request, reply) {
    const urls = mcpUrls(request);
    reply.header('cache-control', 'no-cache').header('access-control-allow-origin', '*');
    return reply.send({
      ...SERVER_INFO,
      url: urls.mcp,
      legacy_url: urls.legacy,
      transport: 'streamable-http',
      protocol_version: LATEST_PROTOCOL_VERSION,
      protocol_versions: SUPPORTED_PROTOCOL_VERSIONS,
      authorization: { issuer: urls.mcp, authorization_server_metadata: `${urls.mcp}/.well-known/oauth-authorization-server`, protected_resource_metadata: resourceMetadataUrl(urls.mcp) },
      tools: TOOLS.map((t) => ({
        name: t.name,
        title: t.title,
        description: t.description,
        scope: t.scope,
        annotations: { readOnlyHint: t.readOnly },
        input_schema: z.toJSONSchema(t.input),
        output_schema: outputJsonSchema(t.output),
      })),
    });
  },
};

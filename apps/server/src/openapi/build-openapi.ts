/**
 * The OpenAPI 3.1 document, generated from the route declarations and the JSON Schemas of
 * `schemas/api/` (OpenAPI 3.1 uses JSON Schema as is; only `$ref`s between files are rewritten to
 * `#/components/schemas/...`). Served at /v1/openapi.json and /api/v1/openapi.json, in two forms:
 * the platform's (the legacy base with its sunset) and a white-label portal's (/api/v1 current).
 */
import { loadApiSchemas, type JsonSchema } from '../api-schemas.js';
import { CURRENT_PREFIX, LEGACY_PREFIX } from '../http/base-url.js';
import { LEGACY_LAST_DAY, SUNSET } from '../http/legacy-sunset.js';
import type { RouteSpec } from '../http/route-spec.js';
import { EVENT_TYPES } from '../events/event-types.js';
import { CHOICES } from './choices.js';

const componentName = (file: string) =>
  file
    .replace(/\.schema\.json#?$/, '')
    .split('-')
    .map((w) => w[0].toUpperCase() + w.slice(1))
    .join('');

function rewriteRefs(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(rewriteRefs);
  if (node && typeof node === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(node)) {
      if (k === '$id') continue;
      out[k] = k === '$ref' && typeof v === 'string' && v.includes('.schema.json') ? `#/components/schemas/${componentName(v.replace(/#$/, ''))}` : rewriteRefs(v);
    }
    return out;
  }
  return node;
}

const refTo = (file: string) => ({ $ref: `#/components/schemas/${componentName(file)}` });

function parametersOf(route: RouteSpec, schemas: Map<string, JsonSchema>) {
  const params: unknown[] = [];
  for (const [where, file] of [
    ['query', route.querystring],
    ['path', route.params],
  ] as const) {
    if (!file) continue;
    const schema = schemas.get(file)!;
    const required = (schema.required as string[] | undefined) ?? [];
    for (const [name, prop] of Object.entries(schema.properties as Record<string, JsonSchema>)) {
      const { description, ...rest } = prop;
      params.push({ name, in: where, required: where === 'path' || required.includes(name), description, schema: rest });
    }
  }
  return params;
}

function errorResponse(description: string) {
  return { description, content: { 'application/json': { schema: refTo('error.schema.json') } } };
}

const COMMON_ERRORS: Record<string, string> = {
  '401': 'unauthenticated, invalid_key, key_revoked, key_expired, test_keys_retired',
  '403': 'insufficient_scope (`scope` names it), account_inactive, api_not_in_plan',
  '429': 'rate_limited (wait Retry-After seconds)',
  '431': 'headers_too_large: the request line (query included) and headers are over 16 KB',
  '500': 'server_error',
};

/** The legacy base on the platform's hosts, and on a white-label portal's domain (spec 9.2, issue 50). */
const VERSIONING =
  `On the platform's hosts the legacy base ${LEGACY_PREFIX} answers as ${CURRENT_PREFIX} until the end of ${LEGACY_LAST_DAY} (UTC, on the server's clock), with Deprecation, Sunset (\`${SUNSET}\`, as the specification writes it) and Link headers on every answer; ` +
  `from 2027-05-01T00:00:00Z every request under it, whatever its path, method or key, answers 410 \`base_retired\` naming ${CURRENT_PREFIX} (with a Link rel="successor-version" when the path exists under ${CURRENT_PREFIX}); CORS preflights are still answered so that a browser can read that 410. ` +
  `On a white-label portal's own domain, ${LEGACY_PREFIX} is the portal's current base: no Deprecation, Sunset or Link headers, no sunset, and URLs in answers keep the portal's host and base; ${CURRENT_PREFIX} answers there too. ` +
  `A portal's domain accepts only its account's keys: another account's key answers 401 \`invalid_key\`, exactly as a key that does not exist.`;

const RETIRED = errorResponse(`base_retired: only under ${LEGACY_PREFIX} on the platform's hosts, from 2027-05-01T00:00:00Z (never on a white-label portal's domain)`);

function operationOf(route: RouteSpec, schemas: Map<string, JsonSchema>, portal: boolean) {
  const responses: Record<string, unknown> = {
    [String(route.success.status)]: { description: route.success.description, content: { 'application/json': { schema: refTo(route.success.schema) } } },
  };
  const errors = new Map<string, string[]>();
  for (const e of route.errors) errors.set(String(e.status), [...(errors.get(String(e.status)) ?? []), ...e.codes]);
  if (route.scope !== 'public') for (const [status, codes] of Object.entries(COMMON_ERRORS)) errors.set(status, [...(errors.get(status) ?? []), codes]);
  for (const [status, codes] of errors) responses[status] = errorResponse([...new Set(codes)].join(', '));
  if (!portal) responses['410'] = RETIRED;
  const op: Record<string, unknown> = {
    operationId: route.operationId,
    summary: route.summary,
    description: route.scope && route.scope !== 'public' ? `${route.description} Scope: \`${route.scope}\`${route.scope === 'ddex:validate' ? ' (or `ddex:write`)' : ''}.` : route.description,
    parameters: parametersOf(route, schemas),
    responses,
  };
  if (route.scope === 'public') op.security = [];
  if (route.jsonBody) op.requestBody = { required: true, content: { 'application/json': { schema: refTo(route.jsonBody) } } };
  if (route.batchBody) {
    const binary = { type: 'string', contentMediaType: 'application/octet-stream' };
    op.requestBody = {
      required: true,
      description: `Raw zip or XML up to ${route.batchBody.maxRawBytes} bytes, or multipart with \`file\` up to ${route.batchBody.maxMultipartBytes} bytes.`,
      content: {
        'application/zip': { schema: binary },
        'application/xml': { schema: binary },
        'multipart/form-data': {
          schema: { type: 'object', required: ['file'], properties: { file: binary, member_id: { type: 'integer', minimum: 1 }, name: { type: 'string' } } },
        },
      },
    };
  }
  return op;
}

/**
 * `portal`: the document as a white-label portal's domain serves it, with /api/v1 as its current
 * base (no sunset, no 410); else the platform's, with /v1 current and /api/v1 retiring.
 */
export function buildOpenApi(routes: RouteSpec[], o: { portal?: boolean } = {}): Record<string, unknown> {
  const portal = o.portal === true;
  const files = loadApiSchemas();
  const byFile = new Map(files.map((s) => [s.$id, s]));
  const components: Record<string, unknown> = {};
  for (const schema of files) components[componentName(schema.$id)] = rewriteRefs(schema);
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const p = route.path.replace(/:(\w+)/g, '{$1}');
    paths[p] ??= {};
    paths[p][route.method.toLowerCase()] = operationOf(route, byFile, portal);
  }
  return {
    openapi: '3.1.0',
    jsonSchemaDialect: 'https://spec.openapis.org/oas/3.1/dialect/base',
    info: {
      title: 'ddex-check partner API',
      version: 'v1',
      description: `Partner API v1 (DDEX deliveries, dry runs, account). ${portal ? `This is a white-label portal's domain: ${LEGACY_PREFIX} is its current base and does not retire.\n\n` : ''}${VERSIONING}\n\nAI assistants connect to the MCP server at ${CURRENT_PREFIX}/mcp (legacy ${LEGACY_PREFIX}/mcp, same sunset), its own OAuth 2.0 authorization server: metadata at ${CURRENT_PREFIX}/mcp/.well-known/oauth-authorization-server, tools with their input and output schemas at ${CURRENT_PREFIX}/mcp/manifest.json. Its tools answer with this API's objects and need the same scopes; its access tokens never authenticate this API, and API keys never the MCP server (README, MCP server for AI assistants).\n\nChoices where the specification leaves values open:\n\n${CHOICES.map((c) => `- **${c.topic}**: ${c.choice}`).join('\n')}`,
    },
    servers: portal
      ? [
          { url: LEGACY_PREFIX, description: "This portal's base path (current here: no Deprecation or Sunset, no sunset)" },
          { url: CURRENT_PREFIX, description: 'The same API under the current base path' },
        ]
      : [
          { url: CURRENT_PREFIX, description: 'Current base path' },
          { url: LEGACY_PREFIX, description: `Legacy base path, deprecated: answers until the end of ${LEGACY_LAST_DAY} (UTC; Sunset: ${SUNSET}), then 410 base_retired. On a white-label portal's domain it is the portal's current base` },
        ],
    security: [{ bearer: [] }],
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: '`Authorization: Bearer svc_live_...`; svc_test_ keys are retired (401 test_keys_retired).' } },
      schemas: components,
    },
    paths,
    // OpenAPI 3.1 `webhooks`: every event type the platform sends, its envelope and its data.
    webhooks: Object.fromEntries(
      EVENT_TYPES.map((t) => [
        t.type,
        {
          post: {
            summary: t.label,
            description: `${t.description} Signed as Standard Webhooks: headers webhook-id (the event id), webhook-timestamp, webhook-signature (v1,…). Answer 2xx within 15 s.`,
            requestBody: {
              required: true,
              content: {
                'application/json': {
                  schema: {
                    type: 'object',
                    required: ['id', 'type', 'api_version', 'occurred_at', 'account_id', 'data'],
                    properties: { id: { type: 'string', format: 'uuid' }, type: { const: t.type }, api_version: { const: 'v1' }, occurred_at: { type: 'string', format: 'date-time' }, account_id: { type: 'integer' }, data: t.data },
                  },
                },
              },
            },
            responses: { '200': { description: 'Received (any 2xx)' }, '410': { description: 'Gone: the endpoint is disabled at once' } },
          },
        },
      ]),
    ),
  };
}

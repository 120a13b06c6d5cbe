/**
 * Test helpers for the MCP server's authorization server: an OAuth client provider for the SDK's
 * client that keeps everything in memory and records where it was sent to authorize; the consent
 * page driven over HTTP (signed in to the dashboard, its form read from the HTML); and the whole
 * code flow by hand (registration, PKCE, consent, token), for tests that need a token quickly.
 */
import crypto from 'node:crypto';
import type { OAuthClientProvider } from '@modelcontextprotocol/client';
import type { HttpSession } from './browser.js';
import type { TestServer } from './server-process.js';

export const REDIRECT_URI = 'http://127.0.0.1:9/callback';

type Stored = Awaited<ReturnType<OAuthClientProvider['tokens']>>;
type StoredClient = Awaited<ReturnType<OAuthClientProvider['clientInformation']>>;

export class MemoryOAuthProvider implements OAuthClientProvider {
  client: StoredClient;
  stored: Stored;
  verifier = '';
  authorizationUrl: URL | null = null;
  constructor(readonly scope?: string) {}
  get redirectUrl() {
    return REDIRECT_URI;
  }
  get clientMetadata() {
    return { client_name: 'E2E assistant', redirect_uris: [REDIRECT_URI], grant_types: ['authorization_code', 'refresh_token'], response_types: ['code'], token_endpoint_auth_method: 'none', ...(this.scope ? { scope: this.scope } : {}) };
  }
  clientInformation() {
    return this.client;
  }
  saveClientInformation(info: StoredClient) {
    this.client = info;
  }
  tokens() {
    return this.stored;
  }
  saveTokens(tokens: Stored) {
    this.stored = tokens;
  }
  redirectToAuthorization(url: URL) {
    this.authorizationUrl = url;
  }
  saveCodeVerifier(v: string) {
    this.verifier = v;
  }
  codeVerifier() {
    return this.verifier;
  }
  discovery: unknown;
  saveDiscoveryState(state: unknown) {
    this.discovery = state;
  }
  discoveryState() {
    return this.discovery as never;
  }
}

/** The hidden fields (the request's and the CSRF token) and scope boxes of the consent page's form. */
export function formOf(html: string): { action: string; fields: Record<string, string>; scopes: string[] } {
  const decode = (s: string) => s.replace(/&#(\d+);/g, (_m, n) => String.fromCharCode(Number(n))).replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>');
  const action = decode(/<form method="post" action="([^"]+)" class="stack">/.exec(html)?.[1] ?? '');
  const fields: Record<string, string> = {};
  for (const m of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) fields[decode(m[1])] = decode(m[2]);
  const scopes = [...html.matchAll(/name="grant_scope" value="([^"]+)"/g)].map((m) => decode(m[1]));
  return { action, fields, scopes };
}

/**
 * As a partner's browser: opens the authorization URL, follows it to the dashboard's consent page
 * with the signed-in session, submits the form (the scopes ticked: all offered unless `tick` says
 * which) and answers where the browser is sent back to.
 */
export async function consent(session: HttpSession, authorizationUrl: URL | string, o: { tick?: string[]; decision?: 'allow' | 'deny' } = {}): Promise<URL> {
  const first = await fetch(authorizationUrl, { redirect: 'manual' });
  const toConsent = first.headers.get('location');
  if (first.status !== 303 || !toConsent) throw new Error(`authorize answered ${first.status}: ${(await first.text()).slice(0, 300)}`);
  const page = await session.fetch(toConsent);
  const html = await page.text();
  if (page.status !== 200) throw new Error(`consent page answered ${page.status}: ${html.slice(0, 300)}`);
  const form = formOf(html);
  const body = new URLSearchParams(form.fields);
  for (const s of o.tick ?? form.scopes) body.append('grant_scope', s);
  body.set('decision', o.decision ?? 'allow');
  const answer = await session.fetch(form.action, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: body.toString() });
  const location = answer.headers.get('location');
  if (answer.status !== 303 || !location) throw new Error(`consent answered ${answer.status}: ${(await answer.text()).slice(0, 300)}`);
  return new URL(location);
}

export function pkce(): { verifier: string; challenge: string } {
  const verifier = crypto.randomBytes(32).toString('base64url');
  return { verifier, challenge: crypto.createHash('sha256').update(verifier).digest('base64url') };
}

export async function registerClient(origin: string, redirectUris = [REDIRECT_URI]): Promise<string> {
  const answer = await fetch(`${origin}/v1/mcp/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ client_name: 'Hand-driven client', redirect_uris: redirectUris }) });
  if (answer.status !== 201) throw new Error(`registration answered ${answer.status}: ${await answer.text()}`);
  return ((await answer.json()) as { client_id: string }).client_id;
}

export function authorizationUrl(origin: string, o: { clientId: string; challenge: string; scope?: string; resource?: string; redirectUri?: string; state?: string; method?: string }): URL {
  const url = new URL(`${origin}/v1/mcp/authorize`);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', o.clientId);
  url.searchParams.set('redirect_uri', o.redirectUri ?? REDIRECT_URI);
  url.searchParams.set('code_challenge', o.challenge);
  url.searchParams.set('code_challenge_method', o.method ?? 'S256');
  url.searchParams.set('state', o.state ?? 'st-1');
  url.searchParams.set('resource', o.resource ?? `${origin}/v1/mcp`);
  if (o.scope) url.searchParams.set('scope', o.scope);
  return url;
}

export function tokenRequest(origin: string, params: Record<string, string>): Promise<Response> {
  return fetch(`${origin}/v1/mcp/token`, { method: 'POST', body: new URLSearchParams(params) });
}

/** The whole flow by hand: a new client, consent in `session`, the code exchanged. */
export async function obtainTokens(origin: string, session: HttpSession, o: { scope?: string; resource?: string } = {}) {
  const clientId = await registerClient(origin);
  const { verifier, challenge } = pkce();
  const back = await consent(session, authorizationUrl(origin, { clientId, challenge, scope: o.scope, resource: o.resource }));
  const code = back.searchParams.get('code');
  if (!code) throw new Error(`no code: ${back}`);
  const answer = await tokenRequest(origin, { grant_type: 'authorization_code', code, code_verifier: verifier, client_id: clientId, redirect_uri: REDIRECT_URI });
  if (answer.status !== 200) throw new Error(`token answered ${answer.status}: ${await answer.text()}`);
  const tokens = (await answer.json()) as { access_token: string; refresh_token: string; scope: string; expires_in: number };
  return { clientId, ...tokens };
}

/** The JSON-RPC message of an MCP answer, sent as JSON or as one server-sent event (`data: …`). */
export async function rpcAnswer(response: Response): Promise<any> {
  const text = await response.text();
  return JSON.parse(response.headers.get('content-type')?.includes('text/event-stream') ? /^data: (.*)$/m.exec(text)![1]! : text);
}

/** A JSON-RPC request in the 2025-06-18 revision, which the endpoint serves statelessly. */
export function mcpCall(server: TestServer, token: string | null, method: string, params: object, o: { path?: string; headers?: Record<string, string> } = {}) {
  return server.fetch(o.path ?? '/v1/mcp', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2025-06-18',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...o.headers,
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
}

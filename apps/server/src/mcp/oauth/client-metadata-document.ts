/**
 * Client ID metadata documents (draft-ietf-oauth-client-id-metadata-document, which the MCP
 * authorization specification prefers to registration): a client_id that is an https URL with a
 * path names a JSON document of the client's metadata, fetched here. The fetch goes through the
 * webhooks' SSRF guard (`webhooks/url-policy.ts`: https, a public address, the connection pinned
 * to the checked address and its peer checked again), follows no redirect, reads at most 5 KB
 * (the draft's recommended bound) within 5 s. Tests: `WEBHOOKS_ALLOW_LOOPBACK_FOR_TESTS` and
 * `WEBHOOKS_CA_FILE` as for webhooks.
 */
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { addressProblem, checkUrlShape, checkedAddress, sameAddress, UrlRefused } from '../../webhooks/url-policy.js';
import { secureContext } from '../../webhooks/sender.js';
import { OAuthFailure } from './oauth-error.js';

const MAX_BYTES = 5 * 1024;
const TIMEOUT_MS = 5000;

/** Draft section 3: an https URL with a path, no fragment, no user info, no dot segments. */
export function isMetadataDocumentId(clientId: string): boolean {
  if (!clientId.startsWith('https://')) return false;
  try {
    const url = new URL(clientId);
    return url.pathname !== '/' && !url.hash && !url.username && !url.password && !/\/\.\.?(\/|$)/.test(clientId.slice(url.origin.length));
  } catch {
    return false;
  }
}

function get(url: URL, target: { host: string; address: string; family: 4 | 6 }): Promise<string> {
  const lookup: LookupFunction = (_host, options, callback) => {
    if ((options as { all?: boolean }).all) (callback as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };
  return new Promise((resolve, reject) => {
    const request = https.request(
      url,
      {
        method: 'GET',
        lookup,
        servername: /^[\d.:]+$/.test(target.host) ? undefined : target.host,
        ...({ secureContext: secureContext() } as object),
        agent: false,
        headers: { accept: 'application/json', 'user-agent': 'ddex-check-mcp/1' },
        timeout: TIMEOUT_MS,
      },
      (response) => {
        if (response.statusCode !== 200) {
          response.destroy();
          reject(new Error(`it answered ${response.statusCode}${response.statusCode && response.statusCode >= 300 && response.statusCode < 400 ? ' (redirects are not followed)' : ''}`));
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_BYTES) response.destroy(new Error(`it is over ${MAX_BYTES} bytes`));
          else chunks.push(chunk);
        });
        response.on('error', reject);
        response.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
      },
    );
    request.on('socket', (socket) => {
      socket.once('connect', () => {
        const peer = socket.remoteAddress ?? '';
        const problem = sameAddress(peer, target.address) ? addressProblem(peer) : `connected to ${peer}, not the checked ${target.address}`;
        if (problem) request.destroy(new Error(`refused: ${problem}`));
      });
    });
    request.on('timeout', () => request.destroy(new Error(`no answer within ${TIMEOUT_MS} ms`)));
    request.on('error', reject);
    request.end();
  });
}

export interface ClientMetadata {
  client_id: string;
  client_name: string;
  redirect_uris: string[];
}

/** Fetches and checks the document; any problem is `invalid_client` naming it (never a crash). */
export async function fetchClientMetadataDocument(clientId: string): Promise<ClientMetadata> {
  let text: string;
  try {
    const url = checkUrlShape(clientId);
    text = await get(url, await checkedAddress(url));
  } catch (error) {
    const why = error instanceof UrlRefused ? error.message : (error as Error).message;
    throw new OAuthFailure('invalid_client', `The client metadata document at ${clientId} could not be fetched: ${why}.`);
  }
  let doc: Record<string, unknown>;
  try {
    doc = JSON.parse(text) as Record<string, unknown>;
  } catch {
    throw new OAuthFailure('invalid_client', `The client metadata document at ${clientId} is not JSON.`);
  }
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) throw new OAuthFailure('invalid_client', `The client metadata document at ${clientId} is not a JSON object.`);
  // Draft 4.1: the document's client_id must be the URL it was fetched from, exactly.
  if (doc.client_id !== clientId) throw new OAuthFailure('invalid_client', `The client metadata document at ${clientId} names another client_id.`);
  const uris = doc.redirect_uris;
  if (!Array.isArray(uris) || uris.length === 0 || !uris.every((u) => typeof u === 'string')) {
    throw new OAuthFailure('invalid_client', `The client metadata document at ${clientId} has no redirect_uris.`);
  }
  // Draft 4.1: no shared secret can be in a public document.
  const method = doc.token_endpoint_auth_method ?? 'none';
  if (method !== 'none') throw new OAuthFailure('invalid_client', `The client metadata document at ${clientId} asks for ${String(method)}; this server takes public clients only (none).`);
  return { client_id: clientId, client_name: typeof doc.client_name === 'string' && doc.client_name ? doc.client_name.slice(0, 200) : new URL(clientId).host, redirect_uris: uris as string[] };
}

/**
 * One HTTPS POST of a signed event to a receiver: the host resolved again and every address
 * checked, the connection made to the checked address (TLS still verifies the host's name), no
 * redirect followed, at most 64 KB of the answer read, a timeout. Success is a 2xx.
 *
 * DNS rebinding: the name is resolved once, here, and the socket's own lookup answers with that
 * checked address, so no second resolution can change where it goes; the socket's peer is checked
 * again once it connects, before any byte of the request is sent.
 * `WEBHOOKS_CA_FILE` adds a CA to trust (tests: a self-signed receiver; private CAs).
 */
import fs from 'node:fs';
import https from 'node:https';
import tls from 'node:tls';
import type { LookupFunction } from 'node:net';
import { addressProblem, checkUrlShape, checkedAddress, sameAddress, UrlRefused } from './url-policy.js';
import { sign } from './secrets.js';

const MAX_ANSWER = 64 * 1024;

export interface SendResult {
  ok: boolean;
  status: number | null;
  /** Milliseconds from the connection's start to the answer; null when no connection was made. */
  ms: number | null;
  error: string | null;
}

let context: tls.SecureContext | null | undefined;
/** The public roots plus `WEBHOOKS_CA_FILE`, built once (parsing the roots per request costs more than the request). Also the MCP server's client metadata documents. */
export function secureContext(): tls.SecureContext | undefined {
  if (context === undefined) {
    const file = process.env.WEBHOOKS_CA_FILE;
    context = file ? tls.createSecureContext({ ca: [...tls.rootCertificates, fs.readFileSync(file, 'utf8')] }) : null;
  }
  return context ?? undefined;
}

export async function sendEvent(o: { url: string; secret: string; eventId: string; body: string; timeoutMs: number; nowSeconds: number }): Promise<SendResult> {
  let target: { host: string; address: string; family: 4 | 6 };
  let url: URL;
  try {
    url = checkUrlShape(o.url);
    target = await checkedAddress(url);
  } catch (error) {
    // Refused before any connection: there is no response time to report.
    return { ok: false, status: null, ms: null, error: error instanceof UrlRefused ? `refused: ${error.message}` : `refused: ${(error as Error).message}` };
  }
  const started = Date.now();
  const done = (r: Omit<SendResult, 'ms'>): SendResult => ({ ...r, ms: Date.now() - started });
  const lookup: LookupFunction = (_host, options, callback) => {
    if ((options as { all?: boolean }).all) (callback as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };
  const timestamp = o.nowSeconds;
  return new Promise<SendResult>((resolve) => {
    const request = https.request(
      url,
      {
        method: 'POST',
        lookup,
        servername: /^[\d.:]+$/.test(target.host) ? undefined : target.host,
        // Passed on to tls.connect (Node's types leave it out of RequestOptions).
        ...({ secureContext: secureContext() } as object),
        agent: false,
        headers: {
          'content-type': 'application/json',
          'user-agent': 'ddex-check-webhooks/1',
          'webhook-id': o.eventId,
          'webhook-timestamp': String(timestamp),
          'webhook-signature': sign(o.secret, o.eventId, timestamp, o.body),
        },
        timeout: o.timeoutMs,
      },
      (response) => {
        let read = 0;
        response.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > MAX_ANSWER) response.destroy();
        });
        const finish = () => {
          const status = response.statusCode ?? null;
          const ok = status !== null && status >= 200 && status < 300;
          resolve(done({ ok, status, error: ok ? null : `the receiver answered ${status}${status && status >= 300 && status < 400 ? ' (redirects are not followed)' : ''}` }));
        };
        response.on('end', finish);
        response.on('close', finish);
      },
    );
    request.on('socket', (socket) => {
      socket.once('connect', () => {
        const peer = socket.remoteAddress ?? '';
        const problem = sameAddress(peer, target.address) ? addressProblem(peer) : `connected to ${peer}, not the checked ${target.address}`;
        if (problem) request.destroy(new Error(`refused: ${problem}`));
      });
    });
    request.on('timeout', () => request.destroy(new Error(`no answer within ${o.timeoutMs} ms`)));
    request.on('error', (error) => resolve(done({ ok: false, status: null, error: error.message.replace(/\s+/g, ' ').slice(0, 300) })));
    request.end(o.body);
  });
}

/**
 * The request log (`ddex-server start` without `--quiet`): pino's JSON lines on stdout, with every
 * credential taken out before a line is written. Some requests carry their credential in the URL:
 * an invitation link (`/invite/<token>`, valid 7 days) and a part URL (`?signature=`, valid 6
 * hours); others in headers (API keys, cookies). The request serializer logs only the method, the
 * redacted URL, the host and the peer; and every line, whatever wrote it (an error's message or
 * stack included), passes through `redactSecrets` on its way out, so a credential that reaches a
 * message some other way is cut there too.
 */
import type { FastifyServerOptions } from 'fastify';

const HIDDEN = '[redacted]';

/** Query parameters that are credentials: our part URLs' and S3's presigned ones, and the usual names. */
const SECRET_PARAMS = ['signature', 'x-amz-signature', 'x-amz-credential', 'x-amz-security-token', 'token', 'key', 'api_key', 'apikey', 'access_token', 'refresh_token', 'code', 'code_verifier', 'password', 'secret', 'sig'];

const PATTERNS: [RegExp, string][] = [
  // The invitation token is the path segment after /invite/.
  [/(\/invite\/)[^/?#"\s\\]+/g, `$1${HIDDEN}`],
  [new RegExp(`([?&](?:${SECRET_PARAMS.join('|')})=)[^&#"\\s\\\\]+`, 'gi'), `$1${HIDDEN}`],
  // User info in a URL (smtp://user:pass@host, postgres://user:pass@host).
  [/(\b[a-z][a-z0-9+.-]*:\/\/)[^/@\s"\\]+@/gi, `$1${HIDDEN}@`],
  [/(\bBearer\s+)[^\s"\\,]+/gi, `$1${HIDDEN}`],
  [/\b(svc_(?:live|test)_)[A-Za-z0-9_-]+/g, `$1${HIDDEN}`],
  [/\b(whsec_)[A-Za-z0-9+/=]+/g, `$1${HIDDEN}`],
  // The MCP authorization server's codes and tokens (mcp/oauth/secrets.ts).
  [/\b(mcp_(?:at|rt|code)_)[A-Za-z0-9_-]+/g, `$1${HIDDEN}`],
];

/** The text with every credential form above replaced by `[redacted]`. */
export function redactSecrets(text: string): string {
  let out = text;
  for (const [pattern, replacement] of PATTERNS) out = out.replace(pattern, replacement);
  return out;
}

interface LoggedRequest {
  method: string;
  url: string;
  host?: string;
  hostname?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/** Fastify's logger settings: false (no log), or the redacting request log on stdout. */
export function requestLogOptions(enabled: boolean): FastifyServerOptions['logger'] {
  if (!enabled) return false;
  return {
    level: 'info',
    serializers: {
      req: (request: LoggedRequest) => ({ method: request.method, url: redactSecrets(request.url), host: request.host ?? request.hostname, remoteAddress: request.ip, remotePort: request.socket?.remotePort }),
    },
    // Headers are not logged; should a log call ever pass them, these never get through.
    redact: { paths: ['req.headers.authorization', 'req.headers.cookie', 'headers.authorization', 'headers.cookie', 'headers["set-cookie"]', 'password', '*.password'], censor: HIDDEN },
    stream: { write: (line: string) => process.stdout.write(redactSecrets(line)) },
  };
}

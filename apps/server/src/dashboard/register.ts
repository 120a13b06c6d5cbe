/**
 * Registers the dashboard in a context of its own under /dashboard: its pages (each with its
 * declared callers and, for every method but GET, the CSRF hook), its assets, the parsers of form
 * and JSON bodies (small: 64 KB; uploads stream through @fastify/multipart as the API's do), and
 * answers for a person rather than a program: a signed-out GET is sent to sign-in, an error is a
 * page; a fetch call (it sends the CSRF header or asks for JSON) gets the API's JSON error body.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../http/api-error.js';
import type { AppContext } from '../http/route-spec.js';
import { SESSION_COOKIE, setCookie } from '../users/session-cookie.js';
import { assets } from './assets.js';
import { CSRF_HEADER, csrfHook } from './csrf.js';
import { bareDashboardPage, html } from './layout.js';
import type { DashboardPage } from './page.js';

export const PREFIX = '/dashboard';
const FORM_LIMIT = 64 * 1024;

function wantsJson(request: FastifyRequest): boolean {
  return typeof request.headers[CSRF_HEADER] === 'string' || /application\/json/.test(String(request.headers.accept ?? ''));
}

/** Where to go back after sign-in: a dashboard path of this server, nothing else. */
export function safeNext(value: string | undefined): string {
  return typeof value === 'string' && /^\/dashboard(\/[\w\-/.?=&%]*)?$/.test(value) && !value.includes('//') ? value : '/dashboard';
}

async function errorAnswer(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const api = error instanceof ApiError ? error : null;
  if (api?.code === 'session_ended') setCookie(request, reply, SESSION_COOKIE, null);
  if (api && api.statusCode === 401 && request.method === 'GET' && !wantsJson(request)) {
    return reply.redirect(`${PREFIX}/sign-in?next=${encodeURIComponent(safeNext(request.url))}`, 303);
  }
  let status = 500;
  let body: Record<string, unknown> = { error: 'Server-side problem; try again in a moment.', code: 'server_error' };
  if (api) {
    status = api.statusCode;
    body = api.body();
    for (const [name, value] of Object.entries(api.headers)) reply.header(name, value);
  } else if (error.statusCode === 413) {
    status = 413;
    body = { error: 'What was sent is too large.', code: 'too_large' };
  } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    status = 400;
    body = { error: 'The request could not be read.', code: 'invalid' };
  } else {
    request.log.error({ err: error }, 'server error');
  }
  if (wantsJson(request)) return reply.code(status).send(body);
  const title = status === 404 ? 'Not found' : status === 403 ? 'Not allowed' : status >= 500 ? 'Something went wrong' : 'That did not work';
  return bareDashboardPage(reply, { status, title, body: html`<p>${String(body.error)}</p><p><a href="${PREFIX}">Back to the dashboard</a></p>` });
}

export async function registerDashboard(app: FastifyInstance, ctx: AppContext, pages: DashboardPage[]): Promise<void> {
  assets(); // a missing assets folder stops the server here, at start
  await app.register(
    async (dashboard) => {
      dashboard.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: FORM_LIMIT }, (_request, body, done) => done(null, new URLSearchParams(String(body))));
      dashboard.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: FORM_LIMIT }, (_request, body, done) => {
        try {
          done(null, String(body).trim() ? JSON.parse(String(body)) : {});
        } catch {
          done(new ApiError(400, 'invalid', 'The body is not JSON.'), undefined);
        }
      });
      dashboard.setErrorHandler(errorAnswer);
      dashboard.setNotFoundHandler((request, reply) => errorAnswer(new ApiError(404, 'not_found', 'There is no such page.') as unknown as FastifyError, request, reply));

      dashboard.get('/assets/:name', { config: { auth: 'public' } }, async (request, reply) => {
        const asset = assets().get((request.params as { name: string }).name);
        if (!asset) throw new ApiError(404, 'not_found', 'There is no such file.');
        const versioned = (request.query as { v?: string }).v === asset.hash;
        reply.header('content-type', asset.type).header('x-content-type-options', 'nosniff');
        reply.header('cache-control', versioned ? 'public, max-age=31536000, immutable' : 'no-cache');
        return reply.send(asset.body);
      });

      for (const page of pages) {
        if (!page.path.startsWith(PREFIX)) throw new Error(`dashboard page ${page.path} is not under ${PREFIX}`);
        dashboard.route({
          method: page.method,
          url: page.path.slice(PREFIX.length),
          config: { auth: page.auth },
          ...(page.method === 'GET' ? {} : { preHandler: csrfHook(page.auth) }),
          handler: (request, reply) => page.handler(ctx, request, reply),
        });
      }
    },
    { prefix: PREFIX },
  );
}

/**
 * A page of the server: HTML for a person (an invitation's form, a smartlink), not the API. Each
 * capability declares its pages in its `routes.ts` beside its API routes; `http/register-pages.ts`
 * registers them all, public (the link's token or slug is all they need), outside the API's bases.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from './route-spec.js';

export interface PageRoute {
  method: 'GET' | 'POST';
  path: string;
  handler(ctx: AppContext, request: FastifyRequest, reply: FastifyReply): Promise<unknown>;
}

export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A whole HTML answer: never cached, no referrer sent on (a page's URL may carry its token). */
export function htmlPage(reply: FastifyReply, status: number, title: string, main: string) {
  reply.code(status).header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
  return reply.send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(title)}</title></head><body><main>${main}</main></body></html>`);
}

/**
 * Runs an API route's own handler for an MCP tool, so a tool answers exactly what its endpoint
 * answers, through the same code (the same services, the same account checks: another account's
 * delivery is not found). The handler sees the MCP request itself, with the tool's arguments as
 * its params, query and JSON body; URLs in answers follow the MCP request's host and base.
 */
import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Caller } from '../auth/caller.js';
import type { AppContext, RouteSpec } from '../http/route-spec.js';

export interface RouteArgs {
  params?: Record<string, string>;
  query?: Record<string, string>;
  json?: unknown;
  /** A raw body with its content type (a dry run's XML), instead of `json`. */
  raw?: { bytes: Buffer; contentType: string };
}

export async function callRoute(route: RouteSpec, ctx: AppContext, caller: Caller, request: FastifyRequest, args: RouteArgs): Promise<unknown> {
  const shaped = Object.create(request) as FastifyRequest;
  Object.defineProperty(shaped, 'params', { value: args.params ?? {} });
  Object.defineProperty(shaped, 'query', { value: args.query ?? {} });
  const bytes = args.raw ? args.raw.bytes : args.json === undefined ? null : Buffer.from(JSON.stringify(args.json));
  Object.defineProperty(shaped, 'body', { value: bytes ? Readable.from([bytes]) : undefined });
  const headers: Record<string, unknown> = { ...request.headers, 'content-type': args.raw?.contentType ?? 'application/json', 'content-length': String(bytes?.length ?? 0) };
  Object.defineProperty(shaped, 'headers', { value: headers });
  Object.defineProperty(shaped, 'isMultipart', { value: () => false });
  // Handlers that set a status, a header or a content type on the reply get a sink.
  const reply = { code: () => reply, header: () => reply, status: () => reply, type: () => reply } as unknown as FastifyReply;
  const answer = await route.handler(ctx, caller, shaped, reply);
  // A handler may answer JSON already serialized, as text or as its UTF-8 bytes (POST /ddex/validate:
  // the engine thread wrote them).
  if (answer instanceof Uint8Array) return JSON.parse(Buffer.from(answer.buffer, answer.byteOffset, answer.byteLength).toString('utf8'));
  return typeof answer === 'string' ? JSON.parse(answer) : answer;
}

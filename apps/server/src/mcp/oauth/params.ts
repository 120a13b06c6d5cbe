/**
 * Reading OAuth requests: form bodies (application/x-www-form-urlencoded, RFC 6749 3.2) and JSON
 * bodies from the raw stream every route gets, at most 64 KB; a parameter sent twice is
 * invalid_request (RFC 6749 3.1).
 */
import type { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { OAuthFailure } from './oauth-error.js';

const MAX_BYTES = 64 * 1024;

async function readText(request: FastifyRequest): Promise<string> {
  const stream = request.body as Readable | undefined;
  if (!stream || typeof stream.on !== 'function') return '';
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += (chunk as Buffer).length;
    if (size > MAX_BYTES) throw new OAuthFailure('invalid_request', `The body is over ${MAX_BYTES / 1024} KB.`);
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** One value per name; a repeated name is refused. */
export function single(params: URLSearchParams, where: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of params) {
    if (name in out) throw new OAuthFailure('invalid_request', `${name} is sent more than once in the ${where}.`);
    out[name] = value;
  }
  return out;
}

export async function readForm(request: FastifyRequest): Promise<URLSearchParams> {
  const type = String(request.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
  if (type !== 'application/x-www-form-urlencoded') throw new OAuthFailure('invalid_request', 'The body must be application/x-www-form-urlencoded.');
  return new URLSearchParams(await readText(request));
}

export async function readJson(request: FastifyRequest): Promise<unknown> {
  const text = await readText(request);
  try {
    return JSON.parse(text);
  } catch {
    throw new OAuthFailure('invalid_client_metadata', 'The body must be JSON (Content-Type: application/json).');
  }
}

export function required(params: Record<string, string>, name: string): string {
  const value = params[name];
  if (value === undefined || value === '') throw new OAuthFailure('invalid_request', `${name} is missing.`);
  return value;
}

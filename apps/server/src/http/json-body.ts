/**
 * JSON request bodies (POST /members/invite, later the webhooks): read from the raw stream the
 * server hands every route (at most 64 KB), parsed, and checked against the route's JSON Schema
 * from schemas/api. The first problem answers 400 invalid with the field it concerns (spec 7.3).
 */
import type { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { Ajv, type ValidateFunction } from 'ajv';
import { loadApiSchemas } from '../api-schemas.js';
import { invalid } from './api-error.js';

const MAX_BYTES = 64 * 1024;
let ajv: Ajv | null = null;
const compiled = new Map<string, ValidateFunction>();

function validatorOf(schemaFile: string): ValidateFunction {
  if (!ajv) {
    ajv = new Ajv({ allErrors: false, strict: false });
    for (const schema of loadApiSchemas()) ajv.addSchema(schema);
  }
  let fn = compiled.get(schemaFile);
  if (!fn) {
    fn = ajv.getSchema(schemaFile);
    if (!fn) throw new Error(`no JSON Schema ${schemaFile}`);
    compiled.set(schemaFile, fn);
  }
  return fn;
}

async function readText(stream: Readable | undefined): Promise<string> {
  if (!stream || typeof stream.on !== 'function') return '';
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += (chunk as Buffer).length;
    if (size > MAX_BYTES) throw invalid('body', `The JSON body is over ${MAX_BYTES / 1024} KB.`);
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export async function readJsonBody<T>(request: FastifyRequest, schemaFile: string): Promise<T> {
  const text = await readText(request.body as Readable | undefined);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw invalid('body', 'The body must be a JSON object (Content-Type: application/json).');
  }
  const validate = validatorOf(schemaFile);
  if (!validate(value)) {
    const first = validate.errors![0];
    const params = first.params as { missingProperty?: string; additionalProperty?: string };
    const field = params.missingProperty ?? params.additionalProperty ?? (first.instancePath.replace(/^\//, '').split('/')[0] || 'body');
    throw invalid(field, `${field} ${first.message ?? 'is invalid'}.`);
  }
  return value as T;
}

/**
 * The JSON Schemas of every request and answer, read from `schemas/api/` at the repository root.
 * Fastify validates requests and serializes answers with them; the OpenAPI document is built
 * from the same files.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface JsonSchema {
  $id: string;
  title?: string;
  description?: string;
  [key: string]: unknown;
}

export function schemasDir(): string {
  // src/ and dist/ sit at the same depth: apps/server/{src,dist}/api-schemas.* -> <root>/schemas/api
  return process.env.DDEX_API_SCHEMAS_DIR ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../schemas/api');
}

let cache: JsonSchema[] | null = null;

export function loadApiSchemas(): JsonSchema[] {
  if (cache) return cache;
  const dir = schemasDir();
  cache = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.schema.json'))
    .sort()
    .map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as JsonSchema);
  return cache;
}

/** `{$ref}` to one of the files, for route definitions. */
export const ref = (file: string) => ({ $ref: `${file}#` });

/** Checks answers against the JSON Schemas of schemas/api (the same files the server serves with). */
import fs from 'node:fs';
import path from 'node:path';
import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { expect } from 'vitest';
import { REPO_ROOT } from './server-process.js';

const addFormats = (addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule;
const ajv = new Ajv({ allErrors: true, strict: false });
(addFormats as unknown as (a: Ajv) => void)(ajv);
const dir = path.join(REPO_ROOT, 'schemas/api');
for (const f of fs.readdirSync(dir).filter((f) => f.endsWith('.schema.json'))) ajv.addSchema(JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')));

export function expectSchema(body: unknown, schemaFile: string): void {
  const validate = ajv.getSchema(schemaFile);
  if (!validate) throw new Error(`no schema ${schemaFile}`);
  const ok = validate(body);
  expect(ok ? [] : validate.errors, `answer does not match ${schemaFile}`).toEqual([]);
}

/** An error answer: status, code, and the error schema. */
export async function expectError(response: Response, status: number, code: string): Promise<Record<string, unknown>> {
  const body = (await response.json()) as Record<string, unknown>;
  expect({ status: response.status, code: body.code }).toEqual({ status, code });
  expect(typeof body.error).toBe('string');
  expectSchema(body, 'error.schema.json');
  return body;
}

/**
 * A tool's output schema is its API endpoint's answer schema (`schemas/api/*.schema.json`, the
 * files the routes and the OpenAPI document use), made self-contained: an MCP client gets one JSON
 * Schema per tool, so every file it refers to is copied into `$defs` and the `$ref`s between files
 * point there. Built once per file.
 */
import { z } from 'zod';
import { fromJsonSchema, type StandardSchemaWithJSON } from '@modelcontextprotocol/server';
import { loadApiSchemas, type JsonSchema } from '../api-schemas.js';

const bundles = new Map<string, Record<string, unknown>>();

const defName = (file: string) => file.replace(/#$/, '').replace(/\.schema\.json$/, '');

/** Rewrites `other.schema.json#` refs to `#/$defs/other` and collects the files referred to. */
function rewrite(node: unknown, found: Set<string>): unknown {
  if (Array.isArray(node)) return node.map((n) => rewrite(n, found));
  if (!node || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(node)) {
    if (k === '$id') continue;
    if (k === '$ref' && typeof v === 'string' && v.includes('.schema.json')) {
      found.add(v.replace(/#$/, ''));
      out[k] = `#/$defs/${defName(v)}`;
    } else out[k] = rewrite(v, found);
  }
  return out;
}

export function answerSchema(file: string): Record<string, unknown> {
  const cached = bundles.get(file);
  if (cached) return cached;
  const byId = new Map<string, JsonSchema>(loadApiSchemas().map((s) => [s.$id, s]));
  const read = (name: string) => {
    const schema = byId.get(name);
    if (!schema) throw new Error(`no API schema ${name} (schemas/api)`);
    return schema;
  };
  const pending = new Set<string>();
  const root = rewrite(read(file), pending) as Record<string, unknown>;
  const defs: Record<string, unknown> = {};
  for (const name of pending) {
    // A Set iterates over what is added while iterating: the files those files refer to.
    if (!(defName(name) in defs)) defs[defName(name)] = rewrite(read(name), pending);
  }
  const bundled = Object.keys(defs).length ? { ...root, $defs: defs } : root;
  bundles.set(file, bundled);
  return bundled;
}

/** A tool's output as JSON Schema (manifest.json, and what tools/list advertises). */
export function outputJsonSchema(output: z.ZodObject | string): Record<string, unknown> {
  return typeof output === 'string' ? answerSchema(output) : z.toJSONSchema(output);
}

/** A tool's output as the SDK takes it: the SDK validates each answer's structured content against it. */
export function outputSchemaOf(output: z.ZodObject | string): z.ZodObject | StandardSchemaWithJSON {
  return typeof output === 'string' ? fromJsonSchema(answerSchema(output)) : output;
}

/**
 * The JSON of POST /ddex/validate's 200 answer, written on the engine thread that ran the dry run:
 * that thread stores the report part as the test report and hands the answer's bytes to the HTTP
 * thread, which sends them as they are (engine-worker.ts), instead of receiving the report as a
 * cloned object and serializing it again (twice: the answer and the stored copy). The bytes are
 * those Fastify would send: those of the serializer it builds for the route's answer schema
 * (fast-json-stringify over the same schema files, as @fastify/fast-json-stringify-compiler calls
 * it; tested against Fastify in validate-answer.test.ts).
 *
 * The report's long lists (a catalog's 41,000 recordings, a broken one's 34,000 findings) are the
 * exception to how they are written, not to the bytes: fast-json-stringify writes an object a
 * property at a time, in JavaScript, several times slower than V8's own `JSON.stringify` (120-240
 * ms against 20-55 for the recordings of a 100 MB message). An item whose properties come in the
 * serializer's order, with the types the schema gives and nothing after them but plain values, is
 * written the same by both, so such items go to `JSON.stringify`, the others to the schema's
 * serializer (answer-json.test.ts checks both ways against the schema's serializer on generated
 * reports).
 */
import { randomUUID } from 'node:crypto';
import fastJson from 'fast-json-stringify';
import { loadApiSchemas } from '../api-schemas.js';
import type { Report } from '@ddex-check/engine';

type Schema = Record<string, unknown> & { properties?: Record<string, Schema>; required?: string[] };
type Serialize = (value: unknown) => string;

/** The report's lists written the fast way where their items allow it (paths from the report). */
const LISTS: readonly (readonly string[])[] = [['checks'], ['messages'], ['releases'], ['would_create', 'releases'], ['would_create', 'recordings'], ['would_create', 'artists']];

const isPlainValue = (v: unknown) => v === null || v === undefined || typeof v === 'string' || typeof v === 'boolean' || (typeof v === 'number' && Number.isFinite(v));
const TYPE_TESTS: Record<string, (v: unknown) => boolean> = {
  string: (v) => typeof v === 'string',
  null: (v) => v === null,
  integer: (v) => Number.isInteger(v),
  number: (v) => typeof v === 'number' && Number.isFinite(v),
  boolean: (v) => typeof v === 'boolean',
};

/**
 * For an object schema of plain properties: whether `JSON.stringify(value)` writes what the schema's
 * serializer writes. That serializer writes the schema's properties, the required ones first, each
 * group in the schema's order (coercing a value of another type: a null string as `""`, a
 * fractional integer truncated), then, with `additionalProperties: true`, the others in the
 * object's order; strings are escaped as `JSON.stringify` escapes them. So they agree when the
 * object is a plain one whose own keys are the schema's properties it has, in that order, each of
 * its type, then others holding plain values. Null when the schema is not such a schema (nothing
 * goes the fast way).
 */
export function fitTestOf(schema: Schema): ((value: unknown) => boolean) | null {
  if (schema.type !== 'object' || !schema.properties || 'patternProperties' in schema || ![true, false, undefined].includes(schema.additionalProperties as boolean)) return null;
  // The serializer writes the required properties first, each group in the schema's order.
  const required = new Set(schema.required ?? []);
  const names = Object.keys(schema.properties).sort((a, b) => Number(required.has(b)) - Number(required.has(a)));
  const tests: ((v: unknown) => boolean)[] = [];
  for (const name of names) {
    const property = schema.properties[name];
    const plain = Object.keys(property).every((k) => k === 'type' || k === 'description' || k === 'enum');
    const types = [property.type].flat();
    if (!plain || types.some((t) => typeof t !== 'string' || !TYPE_TESTS[t])) return null;
    const typeTests = types.map((t) => TYPE_TESTS[t as string]);
    tests.push(typeTests.length === 1 ? typeTests[0] : (v) => typeTests.some((test) => test(v)));
  }
  const index = new Map(names.map((n, i) => [n, i]));
  const othersKept = schema.additionalProperties === true;
  return (value) => {
    if (value === null || typeof value !== 'object' || Array.isArray(value) || typeof (value as { toJSON?: unknown }).toJSON === 'function') return false;
    const object = value as Record<string, unknown>;
    let next = 0;
    let other = false;
    let requiredSeen = 0;
    for (const key of Object.keys(object)) {
      const i = index.get(key);
      const v = object[key];
      if (i === undefined) {
        if (!othersKept || !isPlainValue(v)) return false;
        other = true;
        continue;
      }
      if (other || i < next || !tests[i](v)) return false;
      next = i + 1;
      if (required.has(key)) requiredSeen++;
    }
    return requiredSeen === required.size;
  };
}

interface List {
  path: readonly string[];
  fits: (value: unknown) => boolean;
  /** The schema's serializer of one item. */
  item: Serialize;
}

interface Serializers {
  /** The schema's serializer of the whole report. */
  exact: Serialize;
  /**
   * By a mask of `lists`: the report's serializer with those lists written as strings, the place
   * holders their JSON replaces (made when a report first has that set of long lists).
   */
  shellOf(mask: number): Serialize;
  lists: List[];
}

/**
 * A list shorter than this stays with the schema's serializer: checking each item's fit, and the
 * place holder's round, cost more than they save on a small report's 60 checks (a 75 KB message's
 * report took 0.5 ms instead of 0.15).
 */
const LONG_LIST = 256;

let serializers: Serializers | null = null;

function compile(): Serializers {
  const schemas = Object.fromEntries(loadApiSchemas().map((s) => [s.$id, s])) as unknown as Record<string, Schema>;
  const options = { schema: schemas } as unknown as fastJson.Options;
  const reportSchema = schemas['validation-report.schema.json'];
  const parentOf = (root: Schema, path: readonly string[]) => path.slice(0, -1).reduce<Schema>((s, key) => s.properties![key], root);
  // The answer is `{"data": <validation report>}` (validate-response.schema.json): serializing the
  // report with its own schema gives the inner part, kept alone as the test report.
  const exact = fastJson({ $ref: 'validation-report.schema.json#' }, options) as Serialize;
  const lists: List[] = [];
  for (const path of LISTS) {
    const list = parentOf(reportSchema, path).properties?.[path[path.length - 1]];
    const itemSchema = (list?.type === 'array' ? list.items : null) as Schema | null;
    const fits = itemSchema && fitTestOf(itemSchema);
    if (fits) lists.push({ path, fits, item: fastJson(itemSchema as unknown as fastJson.Schema, options) as Serialize });
  }
  const shells = new Map<number, Serialize>();
  const shellOf = (mask: number) => {
    let shell = shells.get(mask);
    if (!shell) {
      const schema = structuredClone(reportSchema);
      schema.$id = `validation-report-shell-${mask}.schema.json`;
      for (const [n, { path }] of lists.entries()) if (mask & (1 << n)) parentOf(schema, path).properties![path[path.length - 1]] = { type: 'string' };
      shell = fastJson(schema as unknown as fastJson.Schema, options) as Serialize;
      shells.set(mask, shell);
    }
    return shell;
  };
  return { exact, shellOf, lists };
}

/** One list's JSON as the schema's serializer writes it: `JSON.stringify` of the whole when every item fits. */
function listJson(items: unknown[], list: List): string {
  let fit = true;
  for (let i = 0; i < items.length && fit; i++) fit = list.fits(items[i]);
  if (fit) return JSON.stringify(items);
  let out = '[';
  for (let i = 0; i < items.length; i++) out += (i ? ',' : '') + (list.fits(items[i]) ? JSON.stringify(items[i]) : list.item(items[i]));
  return out + ']';
}

/**
 * `report` (already a partner report: partner-report.ts) as the `data` of the answer, in JSON.
 * `longList`: the length from which a list goes the fast way (tests lower it).
 */
export function validationReportJson(report: Report, { longList = LONG_LIST } = {}): string {
  serializers ??= compile();
  try {
    return fastReportJson(report, serializers, longList);
  } catch {
    // An item the schema's serializer refuses: the whole report through it, for its own error.
    return serializers.exact(report);
  }
}

function fastReportJson(report: Report, { exact, shellOf, lists }: Serializers, longList: number): string {
  // Each long list is replaced by a place holder no report can hold (a random id of this process), the
  // rest written by the schema's serializer, then the place holders by the lists' JSON. Anything
  // unexpected (a list where there is none, a place holder not found exactly once) goes the exact way.
  const long: { n: number; list: List; items: unknown[] }[] = [];
  for (const [n, list] of lists.entries()) {
    let at: unknown = report;
    for (const key of list.path) at = at !== null && typeof at === 'object' ? (at as Record<string, unknown>)[key] : undefined;
    if (Array.isArray(at) && at.length >= longList) long.push({ n, list, items: at });
  }
  if (!long.length) return exact(report);
  const nonce = randomUUID();
  const copy: Record<string, unknown> = { ...report };
  const parts: { holder: string; json: string }[] = [];
  let mask = 0;
  for (const { n, list, items } of long) {
    let parent = copy;
    for (const key of list.path.slice(0, -1)) {
      const inner = parent[key];
      if (inner === null || typeof inner !== 'object' || Array.isArray(inner)) return exact(report);
      parent = parent[key] = { ...(inner as Record<string, unknown>) };
    }
    const holder = `ddex-check-list-${n}-${nonce}`;
    parent[list.path[list.path.length - 1]] = holder;
    parts.push({ holder: `"${holder}"`, json: listJson(items, list) });
    mask |= 1 << n;
  }
  const outer = shellOf(mask)(copy);
  const found = parts.map((p) => ({ ...p, at: outer.indexOf(p.holder) }));
  if (found.some((p) => p.at < 0 || outer.indexOf(p.holder, p.at + 1) >= 0)) return exact(report);
  found.sort((a, b) => a.at - b.at);
  let out = '';
  let from = 0;
  for (const p of found) {
    out += outer.slice(from, p.at) + p.json;
    from = p.at + p.holder.length;
  }
  return out + outer.slice(from);
}

/** The schema's serializer alone, for tests. */
export function exactReportJson(report: Report): string {
  serializers ??= compile();
  return serializers.exact(report);
}

/** The whole 200 answer around a report's JSON, as the answer schema writes it (one property, no spaces). */
export const validateAnswerJson = (reportJson: string): string => `{"data":${reportJson}}`;

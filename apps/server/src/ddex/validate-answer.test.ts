/**
 * A dry run's answer is serialized on the engine thread (answer-json.ts) and sent as it is: its
 * bytes must be those Fastify sent before, when the thread answered the report object and the route
 * serialized `{data: report}` with its answer schema. Run here on real engine threads and a real
 * Fastify, for a valid message, a faulty one, a zip and DDEX's official ERN 4.3 samples (run times
 * aside: `started_at` and `duration_ms` differ between two runs).
 */
import fs from 'node:fs';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadApiSchemas, ref } from '../api-schemas.js';
import { openMigratedDb } from '../db/connect.js';
import { backends, ensureBuilt, freshDatabase } from '../../test/support/server-process.js';
import { AUDIO_43, audioMessage, BROKEN_XML, zipOf } from '../../test/support/ddex-fixtures.js';
import { EnginePool } from './engine-pool.js';

const SAMPLES = path.dirname(AUDIO_43);

/** The answer as Fastify serialized it before: the report object returned by a route with the same answer schema. */
async function fastifyAnswer(report: unknown): Promise<{ body: string; type: string | undefined }> {
  const app = Fastify();
  for (const schema of loadApiSchemas()) app.addSchema(schema);
  app.post('/v1/ddex/validate', { schema: { response: { 200: ref('validate-response.schema.json') } } }, async () => ({ data: report }));
  const answer = await app.inject({ method: 'POST', url: '/v1/ddex/validate' });
  await app.close();
  return { body: answer.body, type: answer.headers['content-type'] as string | undefined };
}

const withoutRunTimes = (json: string) => json.replace(/"started_at":"[^"]*"/g, '"started_at":"-"').replace(/"duration_ms":\d+/g, '"duration_ms":0');

describe.each(backends())('dry-run answer bytes ($name)', (backend) => {
  let pool: EnginePool;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ensureBuilt();
    const db = await freshDatabase(backend);
    drop = db.drop;
    await (await openMigratedDb(db.config)).close();
    pool = new EnginePool(1, { db: db.config });
  });
  afterAll(async () => {
    await pool?.close();
    await drop?.();
  });

  const samples = fs.existsSync(SAMPLES) ? fs.readdirSync(SAMPLES).filter((f) => f.endsWith('.xml')) : [];
  it('finds the official samples', () => expect(samples.length).toBeGreaterThan(0));

  const cases: [string, () => Promise<{ bytes: Uint8Array; name: string }>][] = [
    ['a valid message', async () => ({ bytes: Buffer.from(audioMessage().xml), name: 'message.xml' })],
    ['a message that is not well-formed', async () => ({ bytes: Buffer.from(BROKEN_XML), name: 'broken.xml' })],
    ['a zip of two messages', async () => ({ bytes: await zipOf({ 'b/a.xml': audioMessage().xml, 'b/b.xml': audioMessage().xml }), name: 'batch.zip' })],
    ...samples.map((f): [string, () => Promise<{ bytes: Uint8Array; name: string }>] => [`the official sample "${f}"`, async () => ({ bytes: fs.readFileSync(path.join(SAMPLES, f)), name: f })]),
  ];

  it.each(cases)('%s: the same bytes as the report object serialized by Fastify', async (_, make) => {
    const { bytes, name } = await make();
    const stores = ['spotify'];
    const object = await pool.run({ kind: 'buffer', bytes }, name, null, { stores });
    const json = await pool.runJson({ kind: 'buffer', bytes }, name, null, { stores });
    const before = await fastifyAnswer(object);
    expect(before.type).toBe('application/json; charset=utf-8');
    expect(withoutRunTimes(Buffer.from(json.answer).toString('utf8'))).toBe(withoutRunTimes(before.body));
    expect(json.testReportId).toBeNull();
    expect(json.verdict).toBe(object.verdict);
    // A body handed over moves to the engine thread (the caller's copy is gone) and answers the same.
    const copy = new Uint8Array(bytes);
    const handed = await pool.runJson({ kind: 'buffer', bytes: copy }, name, null, { stores, handOver: true });
    expect(copy.byteLength).toBe(0);
    expect(withoutRunTimes(Buffer.from(handed.answer).toString('utf8'))).toBe(withoutRunTimes(before.body));
    expect(json.summary).toEqual(object.summary);
  });
});

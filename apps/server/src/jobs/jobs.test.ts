/**
 * The job queue and runner on both databases: a job runs once, a failing one is retried after its
 * delay and then failed (its handler told, in the same transaction), a job whose holder died is
 * claimed again after its lease and an earlier claim can no longer write, recurring jobs stay
 * scheduled once, lanes run on their own loops, and two runners never run the same job together.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { backends, freshDatabase } from '../../test/support/server-process.js';
import { openMigratedDb, type OpenDb } from '../db/connect.js';
import type { Database } from '../db/schema.js';
import { JobRunner, type JobLog } from './job-runner.js';
import { claimJob, enqueueJob, finishJob, renewJobLease } from './job-queue.js';
import type { GiveUp } from './job-runner.js';

const quiet: JobLog = { info() {}, warn() {}, error() {} };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.each(backends())('jobs ($name)', (backend) => {
  let open: OpenDb;
  let db: Kysely<Database>;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const fresh = await freshDatabase(backend);
    drop = fresh.drop;
    open = await openMigratedDb(fresh.config);
    db = open.db;
  });
  afterAll(async () => {
    await open?.close();
    await drop?.();
  });

  const jobRow = (id: number) => db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('runs a job once with its payload', async () => {
    const seen: unknown[] = [];
    const runner = new JobRunner({ db, dialect: open.dialect, log: quiet }).register({ kind: 'once', run: async (p) => void seen.push(p) });
    const id = (await enqueueJob(db, { kind: 'once', payload: { n: 1 } }))!;
    expect(await runner.drain()).toBe(1);
    expect(await runner.drain()).toBe(0);
    expect(seen).toEqual([{ n: 1 }]);
    expect(await jobRow(id)).toMatchObject({ status: 'done', attempts: 1, dedupe_key: null });
  });

  it('retries a failing job after its delay, then fails it when its attempts are spent', async () => {
    let calls = 0;
    const runner = new JobRunner({ db, dialect: open.dialect, log: quiet }).register({
      kind: 'flaky',
      retryDelayMs: () => 50,
      run: async () => {
        calls++;
        throw new Error(`boom ${calls}`);
      },
    });
    const id = (await enqueueJob(db, { kind: 'flaky', maxAttempts: 2 }))!;
    expect(await runner.drain()).toBe(1);
    expect(await jobRow(id)).toMatchObject({ status: 'queued', attempts: 1, last_error: 'boom 1' });
    expect(await runner.drain()).toBe(0); // not due yet
    await sleep(80);
    expect(await runner.drain()).toBe(1);
    expect(await jobRow(id)).toMatchObject({ status: 'failed', attempts: 2, last_error: 'boom 2' });
    expect(calls).toBe(2);
  });

  it('claims a job again once the lease of a dead holder has run out', async () => {
    const id = (await enqueueJob(db, { kind: 'orphan' }))!;
    const first = await claimJob(db, open.dialect, ['orphan'], 'dead-worker', 50);
    expect(first?.id).toBe(id);
    expect(await claimJob(db, open.dialect, ['orphan'], 'other', 50)).toBeNull();
    await sleep(80);
    const ran: number[] = [];
    const runner = new JobRunner({ db, dialect: open.dialect, log: quiet }).register({ kind: 'orphan', run: async () => void ran.push(1) });
    expect(await runner.drain()).toBe(1);
    expect(ran).toEqual([1]);
    expect(await jobRow(id)).toMatchObject({ status: 'done', attempts: 2 });
  });

  it('gives up, without running it, a job whose holders died at each of its max_attempts claims', async () => {
    const id = (await enqueueJob(db, { kind: 'poison', maxAttempts: 2 }))!;
    for (const dead of ['dead-1', 'dead-2']) {
      expect((await claimJob(db, open.dialect, ['poison'], dead, 50))?.id).toBe(id);
      await sleep(80);
    }
    const ran: number[] = [];
    const runner = new JobRunner({ db, dialect: open.dialect, log: quiet }).register({ kind: 'poison', run: async () => void ran.push(1) });
    expect(await runner.drain()).toBe(1);
    expect(ran).toEqual([]);
    expect(await jobRow(id)).toMatchObject({ status: 'failed', attempts: 3, last_error: 'given up: the process running it stopped 2 times while it ran (interrupted at every attempt)', worker_id: null });
    expect(await runner.drain()).toBe(0);
  });

  it('skips a recurring job whose holder died mid-run to its next time, instead of running it again at once', async () => {
    const id = (await enqueueJob(db, { kind: 'sweep-poison', dedupeKey: 'recurring:sweep-poison', maxAttempts: 1 }))!;
    expect((await claimJob(db, open.dialect, ['sweep-poison'], 'dead', 50))?.id).toBe(id);
    await sleep(80);
    const ran: number[] = [];
    const runner = new JobRunner({ db, dialect: open.dialect, log: quiet }).register({ kind: 'sweep-poison', run: async () => void ran.push(1) }).every('sweep-poison', 3_600_000);
    expect(await runner.drain()).toBe(1);
    expect(ran).toEqual([]);
    const row = await jobRow(id);
    expect(row).toMatchObject({ status: 'queued', attempts: 0, dedupe_key: 'recurring:sweep-poison', last_error: expect.stringMatching(/^interrupted: the process running it stopped 1 time\(s\) during this run/) });
    expect(Date.parse(row.run_at) - Date.now()).toBeGreaterThan(3_000_000);
    expect(await runner.drain()).toBe(0);
  });

  it('fences each claim: an earlier claim of the same worker cannot renew or finish a job claimed again', async () => {
    const id = (await enqueueJob(db, { kind: 'fenced' }))!;
    const first = (await claimJob(db, open.dialect, ['fenced'], 'same-worker', 50))!;
    await sleep(80);
    const second = (await claimJob(db, open.dialect, ['fenced'], 'same-worker', 60_000))!;
    expect(second).toMatchObject({ id, attempts: 2 });
    expect(await renewJobLease(db, first, 'same-worker', 60_000)).toBe(false);
    expect(await finishJob(db, first, 'same-worker')).toBe(false);
    expect(await jobRow(id)).toMatchObject({ status: 'running', attempts: 2 });
    expect(await finishJob(db, second, 'same-worker')).toBe(true);
  });

  it("tells the handler when its job is given up, in the transaction failing it: after its last attempt, or interrupted at every claim", async () => {
    const given: { payload: unknown; reason: string; jobStatus: string }[] = [];
    const handler = (kind: string) => ({
      kind,
      retryDelayMs: () => 0,
      run: async () => {
        throw Object.assign(new Error('disk gone'), { code: 'EIO' });
      },
      onGiveUp: async (payload: unknown, reason: GiveUp, ctx: { db: typeof db }) => {
        // Inside the transaction: the job already reads failed there.
        const row = await ctx.db.selectFrom('jobs').select('status').where('kind', '=', kind).executeTakeFirstOrThrow();
        given.push({ payload, reason: reason.kind === 'failed' ? `failed ${(reason.error as { code: string }).code} x${reason.attempts}` : `interrupted x${reason.times}`, jobStatus: row.status });
      },
    });
    await enqueueJob(db, { kind: 'give-up-failing', payload: { n: 1 }, maxAttempts: 2 });
    const runner = new JobRunner({ db, dialect: open.dialect, log: quiet }).register(handler('give-up-failing'));
    expect(await runner.drain()).toBe(2);
    expect(given).toEqual([{ payload: { n: 1 }, reason: 'failed EIO x2', jobStatus: 'failed' }]);

    given.length = 0;
    await enqueueJob(db, { kind: 'give-up-dying', payload: { n: 2 }, maxAttempts: 1 });
    expect((await claimJob(db, open.dialect, ['give-up-dying'], 'dead', 50))).not.toBeNull();
    await sleep(80);
    expect(await new JobRunner({ db, dialect: open.dialect, log: quiet }).register(handler('give-up-dying')).drain()).toBe(1);
    expect(given).toEqual([{ payload: { n: 2 }, reason: 'interrupted x1', jobStatus: 'failed' }]);
  });

  it('runs each lane on its own loops: a job held in one lane does not hold back the other', async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const ran: string[] = [];
    const runner = new JobRunner({ db, dialect: open.dialect, log: quiet, concurrency: 1, pollMs: 20, lanes: { slow: { concurrency: 1, leaseMs: 60_000 } } })
      .register({ kind: 'lane-slow', lane: 'slow', run: async () => void (ran.push('slow'), await held) })
      .register({ kind: 'lane-quick', run: async () => void ran.push('quick') });
    await enqueueJob(db, { kind: 'lane-slow' });
    await runner.start();
    for (let i = 0; i < 200 && !ran.includes('slow'); i++) await sleep(10);
    await enqueueJob(db, { kind: 'lane-quick' });
    runner.nudge('lane-quick');
    for (let i = 0; i < 200 && !ran.includes('quick'); i++) await sleep(10);
    expect(ran).toEqual(['slow', 'quick']);
    release();
    await runner.stop();
    expect(() => new JobRunner({ db, dialect: open.dialect, log: quiet }).register({ kind: 'nowhere', lane: 'missing', run: async () => {} })).toThrow('job kind nowhere: no lane missing');
  });

  it('keeps one pending job per dedupe key', async () => {
    const a = await enqueueJob(db, { kind: 'sweep-x', dedupeKey: 'k1' });
    const b = await enqueueJob(db, { kind: 'sweep-x', dedupeKey: 'k1' });
    expect(a).not.toBeNull();
    expect(b).toBeNull();
  });

  it('schedules a recurring job once and again after each run', async () => {
    let runs = 0;
    const make = () => new JobRunner({ db, dialect: open.dialect, log: quiet, pollMs: 20 }).register({ kind: 'tick', run: async () => void runs++ }).every('tick', 100);
    const r1 = make();
    const r2 = make();
    await Promise.all([r1.start(), r2.start()]);
    await sleep(450);
    await Promise.all([r1.stop(), r2.stop()]);
    const rows = await db.selectFrom('jobs').select(['status']).where('kind', '=', 'tick').execute();
    // One at start, then about one per 100 ms: never two pending at once, whatever the number of runners.
    expect(rows.filter((r) => r.status === 'queued' || r.status === 'running')).toHaveLength(1);
    expect(runs).toBeGreaterThanOrEqual(2);
    expect(runs).toBeLessThanOrEqual(6);
  });

  it('never runs one job in two runners at once', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 20; i++) ids.push((await enqueueJob(db, { kind: 'count', payload: { i } }))!);
    const seen: number[] = [];
    const make = () => new JobRunner({ db, dialect: open.dialect, log: quiet }).register({ kind: 'count', run: async (p: { i: number }) => void seen.push(p.i) });
    await Promise.all([make().drain(), make().drain(), make().drain()]);
    expect(seen.sort((a, b) => a - b)).toEqual([...Array(20).keys()]);
  });
});

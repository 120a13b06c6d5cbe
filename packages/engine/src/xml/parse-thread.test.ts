import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { createReadStream, createWriteStream, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync, promises as fsp } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { validate } from '../validate.js';
import { endIdleThreads, KEPT_THREAD, ParseThread, PARSE_THREAD_MIN_BYTES, prestartParseThread, wantsParseThread, YOUNG_GENERATION_MB } from './parse-thread.js';
import { Worker } from 'node:worker_threads';
import { generateErn43 } from '../../../../bench/generate-ern43.mjs';
import { IN_SCOPE_SETS, readSampleIndex } from '../corpus/sample-index.js';
import { runMessagePass } from './pass.js';
import { CompiledValidator } from '../xsd/compiled-validator.js';
import { sample } from '../test-support.js';
import { Readable } from 'node:stream';

const FIXTURES = path.resolve(__dirname, '../../../../fixtures');

/** What a report says, without what depends on the run (engine timings, absolute paths). */
async function verdictOf(input: string, parseThread: boolean) {
  const report = await validate(input, { media: false, parseThread });
  return { verdict: report.verdict, summary: report.summary, checks: report.checks };
}

describe('validate with the parse thread', () => {
  let dir: string;
  let big: string;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'parse-thread-'));
    // A generated message of a few MB with defects far into it: a bad ISRC, a broken reference, an unclosed tag at the end.
    const valid = path.join(dir, 'valid.xml');
    await generateErn43(valid, 3e6);
    const text = readFileSync(valid, 'utf8');
    const open = text.lastIndexOf('<ISRC>') + '<ISRC>'.length;
    const close = text.indexOf('</ISRC>', open);
    expect(open).toBeGreaterThan(text.length / 4);
    const broken = (text.slice(0, open) + 'GBXYZ00BAD' + text.slice(close)).replace('<ReleaseResourceReference>A3</ReleaseResourceReference>', '<ReleaseResourceReference>A999999</ReleaseResourceReference>');
    big = path.join(dir, 'defects.xml');
    writeFileSync(big, broken);
    writeFileSync(path.join(dir, 'truncated.xml'), broken.slice(0, Math.floor(broken.length * 0.9)));
    // A tag broken a third of the way: the pass stops there, with chunks still in flight and the message not handed over to its end.
    const third = broken.indexOf('<ISRC>', Math.floor(broken.length / 3));
    writeFileSync(path.join(dir, 'broken-midway.xml'), broken.slice(0, third) + '<ISRC>GB</ISRX>' + broken.slice(third + '<ISRC>'.length));
  }, 60_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it.each([
    ['a schema-invalid message', () => path.join(FIXTURES, 'cli/schema-invalid-43.xml')],
    ['bad codes', () => path.join(FIXTURES, 'cli/bad-codes-43.xml')],
    ['an XXE DOCTYPE', () => path.join(FIXTURES, 'bad/xxe.xml')],
    ['a truncated message', () => path.join(FIXTURES, 'bad/truncated.xml')],
    ['the fixture album (a folder)', () => path.join(FIXTURES, 'batches/album-43')],
    ['a generated message with defects deep inside', () => big],
    ['the same message cut at 90%', () => path.join(dir, 'truncated.xml')],
    ['the same message with a tag broken a third of the way', () => path.join(dir, 'broken-midway.xml')],
  ])('gives the same report as the pass on one thread: %s', async (_what, input) => {
    const started = ParseThread.started;
    const threaded = await verdictOf(input(), true);
    expect(ParseThread.started).toBeGreaterThan(started);
    const own = await verdictOf(input(), false);
    expect(threaded).toEqual(own);
  }, 60_000);

  it('hands over texts beyond Latin-1, short and long, as they are written', async () => {
    const file = path.join(dir, 'wide.xml');
    // Titles of one and of many characters beyond Latin-1 (a batch of such texts goes over as UTF-16), and a Latin-1 one.
    const xml = readFileSync(path.join(FIXTURES, 'cli/ok-43.xml'), 'utf8')
      .replace(/<DisplayTitleText>Salt Road<\/DisplayTitleText>/, '<DisplayTitleText>東京</DisplayTitleText>')
      .replace(/<TitleText>Salt Road<\/TitleText>/, '<TitleText>東京 — Ωmega Session Recordings, Vol. 2</TitleText>');
    expect(xml).toContain('Ωmega');
    writeFileSync(file, xml);
    const titles = async (parseThread: boolean) => {
      const report = await validate(file, { media: false, parseThread });
      return { releases: report.releases.map((r) => r.title), recordings: report.would_create.recordings.map((r) => r.title), checks: report.checks };
    };
    const started = ParseThread.started;
    const threaded = await titles(true);
    expect(ParseThread.started).toBeGreaterThan(started);
    expect(threaded).toEqual(await titles(false));
    expect([...threaded.releases, ...threaded.recordings].join(' ')).toMatch(/東京/);
  });

  it('finds the defects of the generated message (the comparison is not between two empty reports)', async () => {
    const { verdict, checks } = await verdictOf(big, true);
    expect(verdict).toBe('would_be_rejected');
    expect(checks.filter((c) => c.status === 'error').map((c) => c.rule)).toEqual(expect.arrayContaining(['xml-schema-valid', 'codes-isrc-syntax', 'release-reference-resolves']));
    const truncated = await verdictOf(path.join(dir, 'truncated.xml'), true);
    expect(truncated.checks.find((c) => c.rule === 'xml-well-formed' && c.status === 'error')?.line).toBeGreaterThan(1000);
    const midway = await verdictOf(path.join(dir, 'broken-midway.xml'), true);
    const midwayError = midway.checks.find((c) => c.rule === 'xml-well-formed' && c.status === 'error');
    expect(midwayError?.message).toMatch(/unexpected close tag/);
    expect(midwayError?.line).toBeGreaterThan(1000);
  }, 60_000);

  it('keeps its thread for the next message: four messages of three versions, one thread, each report as on one thread', async () => {
    await endIdleThreads();
    const threads = ParseThread.threads;
    const started = ParseThread.started;
    const inputs = [path.join(FIXTURES, 'cli/schema-invalid-43.xml'), sample('ddex-official-ern42/1 Audio.xml'), path.join(FIXTURES, 'bad/truncated.xml'), path.join(FIXTURES, 'cli/bad-codes-43.xml')];
    const threaded = [];
    for (const input of inputs) threaded.push(await verdictOf(input, true));
    expect(ParseThread.started - started).toBe(4);
    expect(ParseThread.threads - threads).toBe(1);
    for (const [i, input] of inputs.entries()) expect(threaded[i], input).toEqual(await verdictOf(input, false));
  });

  it('starts a thread ahead of a pass (prestartParseThread), which the pass then takes; once, not while one is idle', async () => {
    await endIdleThreads();
    const threads = ParseThread.threads;
    expect(prestartParseThread()).toBe(true);
    expect(prestartParseThread()).toBe(false);
    expect(ParseThread.threads - threads).toBe(1);
    const input = path.join(FIXTURES, 'cli/bad-codes-43.xml');
    const threaded = await verdictOf(input, true);
    expect(ParseThread.threads - threads).toBe(1);
    expect(threaded).toEqual(await verdictOf(input, false));
  });

  it("takes the thread the CLI's bin started before the engine loaded: once, and only one of its own worker file", async () => {
    const EARLY = Symbol.for('ddex-check.parse-thread');
    const holder = globalThis as { [EARLY]?: { worker: Worker; file: string } };
    const workerFile = path.resolve(__dirname, '../../dist/xml/parse-worker.js');
    const input = path.join(FIXTURES, 'cli/bad-codes-43.xml');
    const expected = await verdictOf(input, false);
    await endIdleThreads();
    // As the bin does (apps/cli/bin/early-thread.js): a worker of this file, left for the engine.
    holder[EARLY] = { worker: new Worker(workerFile, { resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB } }), file: workerFile };
    const threads = ParseThread.threads;
    expect(await verdictOf(input, true)).toEqual(expected);
    expect(ParseThread.threads - threads).toBe(0);
    expect(holder[EARLY]).toBeUndefined();
    // Another file's worker (another build) is ended, not used: the pass starts its own.
    const other = new Worker('setInterval(() => {}, 1000)', { eval: true });
    const ended = new Promise((resolve) => other.once('exit', resolve));
    await endIdleThreads();
    holder[EARLY] = { worker: other, file: path.join(os.tmpdir(), 'another-build/parse-worker.js') };
    expect(await verdictOf(input, true)).toEqual(expected);
    expect(ParseThread.threads - threads).toBe(1);
    expect(holder[EARLY]).toBeUndefined();
    await ended;
  });

  it('ends a thread left mid-message instead of handing it on', async () => {
    await endIdleThreads();
    const threads = ParseThread.threads;
    const left = new ParseThread();
    left.write(readFileSync(big).subarray(0, 1 << 20));
    await left.next();
    expect(left.inFlight).toBeGreaterThan(0);
    await left.close();
    const next = new ParseThread();
    expect(ParseThread.threads - threads).toBe(2);
    next.write(Buffer.from('<R><I>1</I><I>2</I></R>'));
    next.end();
    let elements = 0;
    while (next.inFlight > 0) elements += (await next.next()).elements;
    expect(elements).toBe(3);
    await next.close();
    // Ended cleanly: kept, and the next pass takes it.
    const again = new ParseThread();
    expect(ParseThread.threads - threads).toBe(2);
    await again.close();
  });

  it('ends the thread of a big message instead of keeping it through the message end (its memory goes back), and keeps the thread of a smaller one', async () => {
    await endIdleThreads();
    const size = statSync(big).size;
    const limit = KEPT_THREAD.belowBytes;
    try {
      // The 3 MB message counts as big, whether the thread reads the file or is handed the bytes.
      KEPT_THREAD.belowBytes = size;
      const threads = ParseThread.threads;
      for (const input of [big, big]) expect((await verdictOf(input, true)).verdict).toBe('would_be_rejected');
      const piped = await runMessagePass(Readable.from([readFileSync(big)]), () => ({ listeners: [] }), { parseThread: true });
      expect(piped.fatal).toBeNull();
      expect(piped.bytes).toBe(size);
      expect(ParseThread.threads - threads).toBe(3);
      // One byte more than the message: small, kept, and the next message takes it.
      KEPT_THREAD.belowBytes = size + 1;
      await verdictOf(big, true);
      await verdictOf(big, true);
      expect(ParseThread.threads - threads).toBe(4);
    } finally {
      KEPT_THREAD.belowBytes = limit;
    }
  }, 60_000);

  it('is chosen by size when a second core is there', () => {
    expect(wantsParseThread(PARSE_THREAD_MIN_BYTES - 1)).toBe(false);
    expect(wantsParseThread(undefined)).toBe(false);
    expect(wantsParseThread(PARSE_THREAD_MIN_BYTES)).toBe(os.availableParallelism() > 1);
  });

  it('hands the first chunks over small (16, 32, 64, 128 KiB), then 256 KiB at a time, and loses no event', async () => {
    const item = '<I>x</I>'; // 8 bytes, so chunks of whole KiB cut between elements
    const body = item.repeat(Math.floor((1024 * 1024 - '<R>'.length - '</R>'.length) / item.length));
    const xml = Buffer.from(`<R>${body}</R>`.padEnd(1024 * 1024, ' '));
    expect(xml.length).toBe(1024 * 1024);
    const thread = new ParseThread();
    // Written the way a file is read, in 64 KiB pieces.
    for (let at = 0; at < xml.length; at += 64 * 1024) thread.write(xml.subarray(at, at + 64 * 1024));
    thread.end();
    const opened: number[] = [];
    while (thread.inFlight > 0) opened.push((await thread.next()).elements);
    await thread.close();
    // 16 + 32 + 64 + 128 + 256 + 256 + 256 KiB, the last 16 KiB at the end, and the end's own batch.
    expect(opened).toHaveLength(9);
    // R and the 2,048 items whose start tag ends in the first 16 KiB; then 4,096 items in 32 KiB.
    expect(opened[0]).toBe(2049);
    expect(opened[1]).toBe((32 * 1024) / 8);
    expect(opened.reduce((a, b) => a + b, 0)).toBe(1 + body.length / item.length);
  });

  it('reads a file past its head itself: the same events as the bytes handed over, and the file closed after', async () => {
    const passOf = async (file?: string) => {
      const events: string[] = [];
      const listener = { onOpen: (el: { name: string; line: number; column: number }) => void events.push(`${el.name}@${el.line}:${el.column}`), onText: (text: string) => void events.push(text) };
      const before = ParseThread.readBytes;
      const result = await runMessagePass(createReadStream(big), () => ({ listeners: [listener] }), { parseThread: true, file });
      return { events, result, read: ParseThread.readBytes - before };
    };
    const fds = () => readdirSync('/proc/self/fd').length;
    const open = fds();
    const direct = await passOf(big);
    const handed = await passOf();
    expect(direct.read).toBeGreaterThan(statSync(big).size / 2);
    expect(handed.read).toBe(0);
    expect(direct.result.bytes).toBe(statSync(big).size);
    expect(direct.result).toEqual(handed.result);
    expect(direct.events.length).toBeGreaterThan(10_000);
    expect(direct.events).toEqual(handed.events);
    expect(fds()).toBe(open);
  });

  it('reads a named pipe as the stream it is, to its end', async () => {
    const fifo = path.join(dir, 'pipe.xml');
    execFileSync('mkfifo', [fifo]);
    const writer = createWriteStream(fifo);
    createReadStream(big).pipe(writer);
    const before = ParseThread.readBytes;
    const result = await runMessagePass(createReadStream(fifo), () => ({ listeners: [] }), { parseThread: true, file: fifo });
    expect(ParseThread.readBytes).toBe(before);
    expect(result.bytes).toBe(statSync(big).size);
    expect(result.fatal).toBeNull();
  });

  it('a file that ends before the bytes asked for fails the message as not read, naming the byte; the thread is not kept', async () => {
    await endIdleThreads();
    const short = path.join(dir, 'short.xml');
    writeFileSync(short, '<R><I>1</I>');
    const handle = await fsp.open(short, 'r');
    const thread = new ParseThread();
    thread.read(handle.fd, 0, 100);
    await expect(thread.next()).rejects.toThrow(/^could not read the message: the file ended at byte 11, before the 100 bytes it had when the check began/);
    await thread.close();
    await handle.close();
    const threads = ParseThread.threads;
    await new ParseThread().close();
    expect(ParseThread.threads - threads).toBe(1);
  });

  it('a thread that stops answers every waiting batch with an error naming it', async () => {
    const thread = new ParseThread();
    const waiting = thread.next();
    (thread as unknown as { worker: { terminate(): Promise<number> } }).worker.terminate();
    await expect(waiting).rejects.toThrow(/the parse thread stopped/);
    await expect(thread.next()).rejects.toThrow(/the parse thread stopped/);
  });

  it('validates against the schema on the thread: the same schema findings as on one thread, on every in-scope sample', async () => {
    const rows = readSampleIndex().filter((r) => IN_SCOPE_SETS.has(r.xsd_set) && (r.xmllint_result === 'valid' || r.xmllint_result === 'invalid'));
    expect(rows.length).toBeGreaterThan(90);
    let invalid = 0;
    for (const row of rows) {
      const threaded = await verdictOf(row.path, true);
      expect(threaded, row.file).toEqual(await verdictOf(row.path, false));
      if (threaded.checks.some((c) => c.rule === 'xml-schema-valid' && c.status === 'error')) invalid++;
    }
    // Both kinds are compared: messages the schema accepts and messages it rejects.
    expect(invalid).toBeGreaterThan(5);
  }, 300_000);

  it('answers with the schema result after the last batch, or why the set could not be had', async () => {
    const xml = readFileSync(path.join(FIXTURES, 'cli/schema-invalid-43.xml'));
    const validator = new CompiledValidator();
    const task = validator.threadTask('4.3');
    if (typeof task === 'string') throw new Error(task);
    const run = (threadSchema: typeof task) => runMessagePass(Readable.from([xml]), () => ({ listeners: [], threadSchema }), { parseThread: true });
    const result = await run(task);
    expect(result.schema?.outcome).toBe('invalid');
    expect(result.schema?.issues.length).toBeGreaterThan(0);
    const broken = await run({ ...task, mainFile: path.join(dir, 'no-such-set', 'release-notification.xsd'), cacheDir: null });
    expect(broken.schema).toMatchObject({ outcome: 'skipped', note: expect.stringMatching(/^the XSD set for ERN 4\.3 could not be compiled: /) });
  });
});

describe('the parse thread in a program run with node --input-type=module -e', () => {
  it('reads the message: the process\'s --input-type is not handed to the thread, which refused it and failed every message', () => {
    const dist = path.resolve(__dirname, '../../dist/xml/pass.js');
    const program = `
      const { runMessagePass } = await import(${JSON.stringify(dist)});
      const { Readable } = await import('node:stream');
      const xml = '<r>' + '<a>x</a>'.repeat(1000) + '</r>';
      const result = await runMessagePass(Readable.from([Buffer.from(xml)]), () => ({ listeners: [] }), { parseThread: true });
      console.log(JSON.stringify({ elements: result.elements, fatal: result.fatal?.message ?? null }));`;
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', program], { encoding: 'utf8', timeout: 60_000 });
    expect(JSON.parse(out.trim().split('\n').pop()!)).toEqual({ elements: 1001, fatal: null });
  });
});

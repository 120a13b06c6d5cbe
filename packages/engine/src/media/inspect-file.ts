/**
 * Gathers the facts of one file in one read: the first bytes say what it really is, then every
 * chunk feeds the hashers and, at the same time, the parser its role needs (music-metadata for
 * audio, a buffer for sharp, ffprobe for video, ffmpeg for a deep decode). Nothing is extracted
 * to disk; a file that cannot be read gives facts with `error`, never a throw.
 */
import { open } from 'node:fs/promises';
import { PassThrough } from 'node:stream';
import type { IAudioMetadata } from 'music-metadata';
import type { BatchEntry } from '../batch/types.js';
import { BufferKeeper, TailKeeper, fanOut, readHead, writableSink, type ChunkSink } from './fan-out.js';
import { createDigest, type DigestName } from './hash-algorithms.js';
import { audioFactsOf } from './probe-audio.js';
import { imageFactsOf } from './probe-image.js';
import { startVideoProbe, videoFactsOf } from './probe-video.js';
import { decodeOutcome, startDecode } from './decode-audio.js';
import { errorLines, parseMeasurement, startMeasure } from './measure-audio.js';
import type { ToolRun } from './run-tool.js';
import { sniff } from './sniff.js';
import type { ToolLocation } from './tools.js';
import type { MediaFacts } from './types.js';
import { loadMusicMetadata } from './libraries.js';
import { offloadable, type HashPool } from './hash-pool.js';

export type MediaRole = 'audio' | 'image' | 'video';

export interface FilePlan {
  entry: BatchEntry;
  digests: Set<DigestName>;
  roles: Set<MediaRole>;
  /** Path on disk (folder batches), so ffprobe can seek; null for zip entries (streamed to stdin). */
  localPath: string | null;
}

export interface InspectSettings {
  deep: boolean;
  /** Measure silence, loudness and true peak (one ffmpeg decode, which is also the deep decode). */
  measure?: boolean;
  /** Largest image kept in memory for sharp; beyond it only the head is read for the header. */
  imageCap: number;
  tools: { ffprobe(): ToolLocation; ffmpeg(): ToolLocation };
  signal?: AbortSignal;
  /** Workers hashing files on disk of at least `offloadMinBytes` (see hash-pool.ts); null: hash here. */
  hashPool?: HashPool | null;
  offloadMinBytes?: number;
}

const HEAD_BYTES = 64 * 1024;
/** Files below this are hashed on the main thread (a worker round trip costs more than it saves). */
const DEFAULT_OFFLOAD_MIN = 16 * 1024 * 1024;
const TAIL_BYTES = 128 * 1024;
/** Formats whose facts come from the head alone (STREAMINFO, fmt/data chunks). */
const HEADER_ONLY = new Set(['flac', 'wav']);

/** Gives the last bytes of a file to `tail` (one positioned read); returns the file's size. */
async function readTail(file: string, tail: TailKeeper): Promise<number> {
  const handle = await open(file, 'r');
  try {
    const { size } = await handle.stat();
    const length = Math.min(size, TAIL_BYTES);
    const bytes = Buffer.alloc(length);
    let done = 0;
    while (done < length) {
      const { bytesRead } = await handle.read(bytes, done, length - done, size - length + done);
      if (bytesRead === 0) break;
      done += bytesRead;
    }
    tail.write(bytes.subarray(0, done));
    return size;
  } finally {
    await handle.close();
  }
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

export async function inspectFile(plan: FilePlan, settings: InspectSettings): Promise<MediaFacts> {
  const { entry, roles } = plan;
  const facts: MediaFacts = { path: entry.path, size: entry.size, hashes: {}, skipped: {} };
  let iterator: AsyncIterator<Buffer>;
  let first: Awaited<ReturnType<typeof readHead>>;
  try {
    const stream = await entry.open({ bulk: true });
    iterator = stream[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
    first = await readHead(iterator, HEAD_BYTES);
  } catch (error) {
    facts.error = `it cannot be read: ${message(error)}`;
    return facts;
  }
  const sniffed = sniff(first.head);
  // A large file on disk is hashed by a worker reading it alongside; the rest is hashed from this read.
  const pool = settings.hashPool;
  const offloaded =
    pool && plan.localPath && entry.size >= (settings.offloadMinBytes ?? DEFAULT_OFFLOAD_MIN) && offloadable(plan.digests)
      ? pool.hash(plan.localPath, plan.digests).catch((error: unknown) => ({ error: message(error) }))
      : null;
  const digests = offloaded ? [] : [...plan.digests].map((name) => [name, createDigest(name)] as const);
  const tail = new TailKeeper(TAIL_BYTES);
  const sinks: ChunkSink[] = [{ write: (chunk) => digests.forEach(([, d]) => d.update(chunk)), end() {} }, tail];
  const waits: Promise<unknown>[] = [];

  let metadata: IAudioMetadata | null = null;
  let metadataError: string | null = null;
  let decode: ToolRun | null = null;
  if (roles.has('audio') && sniffed.kind === 'audio') {
    const mm = await loadMusicMetadata().catch((error: unknown) => {
      // An installation problem, not the file's: said as such rather than crashing the run.
      metadataError = `the audio metadata library (music-metadata) did not load (${message(error)}); reinstall ddex-check`;
      return null;
    });
    const fileInfo = { mimeType: sniffed.mime ?? undefined, size: entry.size };
    const settle = (parsing: Promise<IAudioMetadata>) => parsing.then((m) => void (metadata = m), (e: unknown) => void (metadataError = message(e)));
    // Without music-metadata (metadataError says why), the format checks of our own parsers still run.
    if (mm && HEADER_ONLY.has(sniffed.format)) {
      // FLAC and WAV: everything needed is in the head (our own parsers read the rest); streaming
      // a long WAV through music-metadata would cost more than hashing it.
      waits.push(settle(mm.parseBuffer(first.head, fileInfo, { skipCovers: true })));
    } else if (mm) {
      const { parseStream } = mm;
      const pass = new PassThrough({ highWaterMark: 256 * 1024 });
      const sink = writableSink(pass);
      sinks.push(sink);
      waits.push(settle(parseStream(pass, fileInfo, { skipCovers: true })).finally(() => sink.stop()));
    }
    if (settings.deep || settings.measure) {
      const ffmpeg = settings.tools.ffmpeg();
      if (!ffmpeg.found) {
        if (settings.deep) facts.skipped.decode = ffmpeg.reason;
        if (settings.measure) facts.skipped.measure = ffmpeg.reason;
      } else {
        // One decode per file: measuring decodes the whole file, so it is the deep decode too.
        decode = settings.measure ? startMeasure(ffmpeg.path, 'stdin', settings.signal) : startDecode(ffmpeg.path, 'stdin', settings.signal);
        if (decode.stdin) sinks.push(writableSink(decode.stdin));
      }
    }
  }

  let probe: ToolRun | null = null;
  if (roles.has('video') && (sniffed.kind === 'video' || sniffed.kind === 'audio')) {
    const ffprobe = settings.tools.ffprobe();
    if (!ffprobe.found) facts.skipped.probe = ffprobe.reason;
    else {
      probe = startVideoProbe(ffprobe.path, plan.localPath ? { path: plan.localPath } : 'stdin', settings.signal);
      if (probe.stdin) sinks.push(writableSink(probe.stdin));
    }
  }

  const image = roles.has('image') && sniffed.kind === 'image' ? new BufferKeeper(settings.imageCap) : null;
  if (image) sinks.push(image);

  // A FLAC or WAV file on disk needs only its head and its last bytes: when nothing but the tail
  // keeper listens (no hash computed here, no parser, decoder, probe or image buffer), only the
  // tail is read.
  const onlyTail = digests.length === 0 && sinks.length === 2;
  const skipMiddle = onlyTail && plan.localPath !== null && !first.ended && sniffed.kind === 'audio' && HEADER_ONLY.has(sniffed.format);
  try {
    if (skipMiddle) {
      await iterator.return?.();
      facts.size = await readTail(plan.localPath!, tail);
    } else facts.size = await fanOut(iterator, first.chunks, sinks, settings.signal);
  } catch (error) {
    settings.signal?.throwIfAborted();
    facts.error = `reading it failed: ${message(error)}`;
  }
  await Promise.all(waits);
  if (!facts.error) for (const [name, digest] of digests) facts.hashes[name] = digest.digest();
  if (offloaded) {
    const result = await offloaded;
    if ('error' in result) facts.error ??= `reading it failed: ${result.error}`;
    else if (!facts.error) Object.assign(facts.hashes, result.hashes);
  }

  const tailBytes = tail.bytes;
  if (roles.has('audio')) {
    facts.audio = audioFactsOf({ path: entry.path, size: facts.size, sniffed, head: first.head, tail: tailBytes, metadata, metadataError });
    const decoded = decode ? await decode.done : null;
    if (decoded && settings.measure) facts.audio.measurement = parseMeasurement(decoded);
    if (decoded && settings.deep) {
      const outcome = decodeOutcome(settings.measure ? { ...decoded, stderr: errorLines(decoded.stderr) } : decoded, facts.audio.durationSeconds);
      facts.audio.decodedOk = outcome.ok;
      // A truncation the headers already showed is not repeated by the decode.
      const known = facts.audio.problems.some((p) => p.includes('truncated'));
      if (outcome.problem && !(known && outcome.problem.includes('truncated'))) facts.audio.problems.push(outcome.problem);
    }
  }
  if (roles.has('image')) {
    facts.image = await imageFactsOf({ path: entry.path, bytes: image?.bytes ?? first.head, complete: image?.complete ?? false, tail: tailBytes, sniffed, deep: settings.deep });
  }
  if (roles.has('video')) {
    if (probe) facts.video = videoFactsOf(await probe.done, sniffed.format);
    else if (sniffed.kind !== 'video' && sniffed.kind !== 'audio') {
      const problem = sniffed.kind === 'empty' ? 'the file is empty (0 bytes)' : `it is not a video: its content is ${sniffed.description}`;
      facts.video = { container: null, videoCodec: null, audioCodec: null, width: null, height: null, frameRate: null, durationSeconds: null, problems: [problem] };
    }
  }
  return facts;
}

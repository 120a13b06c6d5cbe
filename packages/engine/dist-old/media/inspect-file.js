/**
 * Gathers the facts of one file in one read: the first bytes say what it really is, then every
 * chunk feeds the hashers and, at the same time, the parser its role needs (music-metadata for
 * audio, a buffer for sharp, ffprobe for video, ffmpeg for a deep decode). Nothing is extracted
 * to disk; a file that cannot be read gives facts with `error`, never a throw.
 */
import { PassThrough } from 'node:stream';
import { parseBuffer, parseStream } from 'music-metadata';
import { BufferKeeper, TailKeeper, fanOut, readHead, writableSink } from './fan-out.js';
import { createDigest } from './hash-algorithms.js';
import { audioFactsOf } from './probe-audio.js';
import { imageFactsOf } from './probe-image.js';
import { startVideoProbe, videoFactsOf } from './probe-video.js';
import { decodeOutcome, startDecode } from './decode-audio.js';
import { sniff } from './sniff.js';
const HEAD_BYTES = 64 * 1024;
const TAIL_BYTES = 128 * 1024;
/** Formats whose facts come from the head alone (STREAMINFO, fmt/data chunks). */
const HEADER_ONLY = new Set(['flac', 'wav']);
const message = (error) => (error instanceof Error ? error.message : String(error));
export async function inspectFile(plan, settings) {
    const { entry, roles } = plan;
    const facts = { path: entry.path, size: entry.size, hashes: {}, skipped: {} };
    let iterator;
    let first;
    try {
        const stream = await entry.open();
        iterator = stream[Symbol.asyncIterator]();
        first = await readHead(iterator, HEAD_BYTES);
    }
    catch (error) {
        facts.error = `it cannot be read: ${message(error)}`;
        return facts;
    }
    const sniffed = sniff(first.head);
    const digests = [...plan.digests].map((name) => [name, createDigest(name)]);
    const tail = new TailKeeper(TAIL_BYTES);
    const sinks = [{ write: (chunk) => digests.forEach(([, d]) => d.update(chunk)), end() { } }, tail];
    const waits = [];
    let metadata = null;
    let metadataError = null;
    let decode = null;
    if (roles.has('audio') && sniffed.kind === 'audio') {
        const fileInfo = { mimeType: sniffed.mime ?? undefined, size: entry.size };
        const settle = (parsing) => parsing.then((m) => void (metadata = m), (e) => void (metadataError = message(e)));
        if (HEADER_ONLY.has(sniffed.format)) {
            // FLAC and WAV: everything needed is in the head (our own parsers read the rest); streaming
            // a long WAV through music-metadata would cost more than hashing it.
            waits.push(settle(parseBuffer(first.head, fileInfo, { skipCovers: true })));
        }
        else {
            const pass = new PassThrough({ highWaterMark: 256 * 1024 });
            const sink = writableSink(pass);
            sinks.push(sink);
            waits.push(settle(parseStream(pass, fileInfo, { skipCovers: true })).finally(() => sink.stop()));
        }
        if (settings.deep) {
            const ffmpeg = settings.tools.ffmpeg();
            if (!ffmpeg.found)
                facts.skipped.decode = ffmpeg.reason;
            else {
                decode = startDecode(ffmpeg.path, 'stdin', settings.signal);
                if (decode.stdin)
                    sinks.push(writableSink(decode.stdin));
            }
        }
    }
    let probe = null;
    if (roles.has('video') && (sniffed.kind === 'video' || sniffed.kind === 'audio')) {
        const ffprobe = settings.tools.ffprobe();
        if (!ffprobe.found)
            facts.skipped.probe = ffprobe.reason;
        else {
            probe = startVideoProbe(ffprobe.path, plan.localPath ? { path: plan.localPath } : 'stdin', settings.signal);
            if (probe.stdin)
                sinks.push(writableSink(probe.stdin));
        }
    }
    const image = roles.has('image') && sniffed.kind === 'image' ? new BufferKeeper(settings.imageCap) : null;
    if (image)
        sinks.push(image);
    try {
        facts.size = await fanOut(iterator, first.chunks, sinks, settings.signal);
    }
    catch (error) {
        settings.signal?.throwIfAborted();
        facts.error = `reading it failed: ${message(error)}`;
    }
    await Promise.all(waits);
    if (!facts.error)
        for (const [name, digest] of digests)
            facts.hashes[name] = digest.digest();
    const tailBytes = tail.bytes;
    if (roles.has('audio')) {
        facts.audio = audioFactsOf({ path: entry.path, size: facts.size, sniffed, head: first.head, tail: tailBytes, metadata, metadataError });
        if (decode) {
            const outcome = decodeOutcome(await decode.done, facts.audio.durationSeconds);
            facts.audio.decodedOk = outcome.ok;
            // A truncation the headers already showed is not repeated by the decode.
            const known = facts.audio.problems.some((p) => p.includes('truncated'));
            if (outcome.problem && !(known && outcome.problem.includes('truncated')))
                facts.audio.problems.push(outcome.problem);
        }
    }
    if (roles.has('image')) {
        facts.image = await imageFactsOf({ path: entry.path, bytes: image?.bytes ?? first.head, complete: image?.complete ?? false, tail: tailBytes, sniffed, deep: settings.deep });
    }
    if (roles.has('video')) {
        if (probe)
            facts.video = videoFactsOf(await probe.done, sniffed.format);
        else if (sniffed.kind !== 'video' && sniffed.kind !== 'audio') {
            const problem = sniffed.kind === 'empty' ? 'the file is empty (0 bytes)' : `it is not a video: its content is ${sniffed.description}`;
            facts.video = { container: null, videoCodec: null, audioCodec: null, width: null, height: null, frameRate: null, durationSeconds: null, problems: [problem] };
        }
    }
    return facts;
}
//# sourceMappingURL=inspect-file.js.map
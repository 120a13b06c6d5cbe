/**
 * Deep audio check: a full decode with ffmpeg (`-f null`), reading a path or stdin. A decode that
 * errors, or that ends well before the length the header declares (a truncated file decodes
 * "fine" up to where it stops), marks the file as not decodable.
 */
import { runTool } from './run-tool.js';
export function startDecode(ffmpeg, input, signal) {
    const stdin = input === 'stdin';
    // -nostdin only when stdin is not the input (ffmpeg would otherwise read keys from it).
    const args = ['-hide_banner', ...(stdin ? [] : ['-nostdin']), '-nostats', '-v', 'error', '-i', stdin ? 'pipe:0' : input.path, '-map', '0:a:0', '-f', 'null', '-progress', 'pipe:1', '-'];
    return runTool(ffmpeg, args, { pipeInput: stdin, signal });
}
/** Judges a finished decode against the duration the headers declare (null when unknown). */
export function decodeOutcome(result, headerSeconds) {
    if (result.failed)
        return { ok: false, decodedSeconds: null, problem: result.failed };
    const times = [...result.stdout.matchAll(/out_time_us=(\d+)/g)];
    const decodedSeconds = times.length ? Number(times[times.length - 1][1]) / 1e6 : null;
    const errors = result.stderr.split('\n').map((l) => l.trim()).filter(Boolean);
    if (result.code !== 0)
        return { ok: false, decodedSeconds, problem: `ffmpeg could not decode it: ${errors[errors.length - 1] ?? `exit status ${result.code}`}` };
    if (headerSeconds !== null && decodedSeconds !== null && decodedSeconds < headerSeconds - Math.max(0.1, headerSeconds * 0.005)) {
        return { ok: false, decodedSeconds, problem: `only ${decodedSeconds.toFixed(2)} s of the ${headerSeconds.toFixed(2)} s its header declares could be decoded (truncated)` };
    }
    if (errors.length)
        return { ok: false, decodedSeconds, problem: `decoding reported errors: ${errors.slice(0, 3).join('; ')}` };
    return { ok: true, decodedSeconds, problem: null };
}
//# sourceMappingURL=decode-audio.js.map
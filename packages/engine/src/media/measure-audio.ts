/**
 * Audio measurements from one ffmpeg decode: leading and trailing silence (silencedetect) and the
 * integrated loudness and true peak of EBU R128 (ebur128, peak=true). The same run is the deep
 * decode when `--deep` asks for one: its errors are told apart by the log level ffmpeg prints.
 */
import { runTool, type ToolRun } from './run-tool.js';

export interface AudioMeasurement {
  /** Seconds of silence from the start (0 when the audio starts at once). */
  leadingSilence: number;
  /** Seconds of silence up to the end. */
  trailingSilence: number;
  /** Integrated loudness, LUFS; null when too short to measure. */
  integratedLufs: number | null;
  /** True peak, dBTP (ffmpeg prints it as dBFS); null when not measured. */
  truePeakDbtp: number | null;
  decodedSeconds: number | null;
}

/** Silence: below -60 dBFS for at least half a second (the threshold stores' "silence" rules are read against). */
export const SILENCE_NOISE_DB = -60;
export const SILENCE_MIN_SECONDS = 0.5;

export function startMeasure(ffmpeg: string, input: { path: string } | 'stdin', signal?: AbortSignal): ToolRun {
  const stdin = input === 'stdin';
  const filters = `silencedetect=noise=${SILENCE_NOISE_DB}dB:d=${SILENCE_MIN_SECONDS},ebur128=peak=true`;
  const args = ['-hide_banner', ...(stdin ? [] : ['-nostdin']), '-nostats', '-v', 'level+info', '-i', stdin ? 'pipe:0' : input.path, '-map', '0:a:0', '-af', filters, '-f', 'null', '-progress', 'pipe:1', '-'];
  return runTool(ffmpeg, args, { pipeInput: stdin, signal });
}

const number = (text: string | undefined): number | null => {
  if (text === undefined || /inf|nan/i.test(text)) return null;
  const n = Number(text);
  return Number.isFinite(n) ? n : null;
};

/** The error lines of a level-prefixed log (what `-v error` alone would have printed). */
export function errorLines(stderr: string): string {
  return stderr
    .split('\n')
    .filter((line) => /\[(error|fatal|panic)\]/.test(line))
    .map((line) => line.replace(/\[(error|fatal|panic)\]\s?/, ''))
    .join('\n');
}

/** Reads the measurements out of a finished run; null when the decode failed before any output. */
export function parseMeasurement(result: { stdout: string; stderr: string; failed?: string }): AudioMeasurement | null {
  if (result.failed) return null;
  const times = [...result.stdout.matchAll(/out_time_us=(\d+)/g)];
  const decodedSeconds = times.length ? Number(times[times.length - 1][1]) / 1e6 : null;
  const starts = [...result.stderr.matchAll(/silence_start: (-?[\d.]+)/g)].map((m) => Number(m[1]));
  const ends = [...result.stderr.matchAll(/silence_end: (-?[\d.]+)/g)].map((m) => Number(m[1]));
  if (decodedSeconds === null && starts.length === 0 && !/Integrated loudness/.test(result.stderr)) return null;
  const total = decodedSeconds ?? Math.max(0, ...ends);
  let leadingSilence = 0;
  if (starts.length && starts[0] <= 0.01) leadingSilence = ends.length ? ends[0] : total;
  let trailingSilence = 0;
  const lastStart = starts[starts.length - 1];
  // The last silence runs to the end when it never ended, or ended where the audio ends.
  if (lastStart !== undefined && (ends.length < starts.length || Math.abs(ends[ends.length - 1] - total) < 0.05)) trailingSilence = Math.max(0, total - lastStart);
  const summary = result.stderr.slice(result.stderr.lastIndexOf('Summary:'));
  return {
    leadingSilence,
    trailingSilence,
    integratedLufs: number(/Integrated loudness:\s*\n\s*I:\s*(\S+) LUFS/.exec(summary)?.[1]),
    truePeakDbtp: number(/True peak:\s*\n\s*Peak:\s*(\S+) dBFS/.exec(summary)?.[1]),
    decodedSeconds,
  };
}

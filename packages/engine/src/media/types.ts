/**
 * Facts about a media file of the batch, gathered once per file (one read: hashes, headers,
 * optionally a full decode) before the media rules run on them.
 */
import type { BatchEntry } from '../batch/types.js';
import type { ResourceFile } from '../ern/model.js';
import type { AudioMeasurement } from './measure-audio.js';

export interface AudioFacts {
  /** `flac`, `wav-pcm`, `wav-other`, `mp3`, `aac`, ... (lower-case, normalized). */
  format: string | null;
  container: string | null;
  codec: string | null;
  sampleRate: number | null;
  bitsPerSample: number | null;
  channels: number | null;
  durationSeconds: number | null;
  /** Decoded fully without error (only with deep decoding). */
  decodedOk: boolean | null;
  /** Problems met while reading (truncated, not audio, extension disagrees with content...). */
  problems: string[];
  /** Silence, loudness and true peak from one ffmpeg decode; only when the run measures audio (with `stores`, or the `measure` option). */
  measurement?: AudioMeasurement | null;
}

export interface ImageFacts {
  format: string | null;
  width: number | null;
  height: number | null;
  space: string | null;
  channels: number | null;
  problems: string[];
}

export interface VideoFacts {
  container: string | null;
  videoCodec: string | null;
  audioCodec: string | null;
  width: number | null;
  height: number | null;
  frameRate: number | null;
  durationSeconds: number | null;
  problems: string[];
}

export interface MediaFacts {
  path: string;
  size: number;
  /** Hex digests by normalized algorithm name (`md5`, `sha1`, `sha256`, ...), for those requested. */
  hashes: Record<string, string>;
  audio?: AudioFacts;
  image?: ImageFacts;
  video?: VideoFacts;
  /** Why a probe could not run (`ffprobe not found: ...`); checks needing it are skipped. */
  skipped: Record<string, string>;
  /** The file could not be read at all. */
  error?: string;
}

/** What media rules see (`ctx.media` in `Media:exit` handlers). Null for a lone XML checked without its files. */
export interface MediaAccess {
  /** Finds the batch entry a resource file points at (relative to the message), null when missing or remote. */
  resolve(file: ResourceFile, messageFile: string): BatchEntry | null;
  /** True when the reference is a URL (http, https, ipfs...) the engine does not fetch. */
  isRemote(file: ResourceFile): boolean;
  /** For a missing file: a batch path differing only in case or extension, to suggest. */
  nearest?(file: ResourceFile, messageFile: string): string | null;
  facts(entryPath: string): MediaFacts | undefined;
  /** Whether a full decode was done (`--deep`). */
  readonly deep: boolean;
}

/** Inputs and options of `validate`. */
import type { Readable } from 'node:stream';
import type { Catalog } from './catalog/types.js';
import type { Profile } from './profile/types.js';
import type { Severity } from './report/types.js';
import type { ReleaseSnapshot } from './diff/release-snapshot.js';

/** A path to a folder, `.zip` or `.xml`; or the bytes of an XML message or a zip (the server's bodies). */
export type ValidateInput = string | Buffer | Readable;

export interface ProgressEvent {
  phase: 'open' | 'message' | 'media' | 'report';
  /** File being worked on, inside the batch. */
  file?: string;
  done?: number;
  total?: number;
}

export interface MessageSnapshots {
  file: string;
  releases: ReleaseSnapshot[];
  /** Why there are none (a message kept as bytes, a failure building them); null when built. */
  skipped: string | null;
}

export interface ValidateOptions {
  /** Display name for a Buffer/stream input (`batch.zip`, `message.xml`); also decides zip vs XML when the bytes are ambiguous. */
  name?: string;
  /** Folder of XSD sets laid out `ern-<version>/…` (overrides `DDEX_SCHEMAS_DIR` and the user cache). */
  schemasDir?: string;
  /** `compiled` (default: streaming, every error located) or `libxml2` (xmllint-wasm, the reference implementation). */
  schemaEngine?: 'libxml2' | 'compiled';
  /** Preset name (`ddex:recommended`, `ddex:strict`). */
  preset?: string;
  /** Severity overrides by rule id. */
  rules?: Record<string, Severity | [Severity, Record<string, unknown>]>;
  profile?: Profile;
  /** Store ids (`spotify`, `youtube`, ...): adds `report.stores`, each store's verdict on its published requirements. */
  stores?: readonly string[];
  catalog?: Catalog | null;
  /** Decode audio fully with ffmpeg to catch truncated or corrupt files. */
  deep?: boolean;
  /** Measure each audio file's silence, loudness and true peak (one ffmpeg decode, which is also the `deep` decode); default: when `stores` are asked. */
  measure?: boolean;
  /** Run the media stages (default true). */
  media?: boolean;
  /**
   * List `would_create.recordings` (default true). A catalog message names hundreds of thousands,
   * each read from the model at the end (about 40 ms at 104 MB); a caller that shows none (the
   * CLI's text, JUnit, SARIF and GitHub outputs) passes false, and the list is then empty.
   * 'stream': the recordings of a message kept as bytes are not held but read from its model each
   * time the list is read (a `StreamedList`: iterate it, or JSON.stringify it); the model stays
   * alive as long as the report. The CLI's JSON output asks for this.
   */
  recordings?: boolean | 'stream';
  /** Upper bounds for zips: total uncompressed bytes and compression ratio. */
  limits?: { maxUncompressedBytes?: number; maxCompressionRatio?: number };
  /**
   * Parse each message on a second thread, beside the reader, rules and schema validator (default:
   * for messages of 16 MiB and more when the machine has a second core).
   */
  parseThread?: boolean;
  /**
   * Keep the model's records as bytes (ern/record-store.ts) instead of objects: about a tenth of
   * the memory, for some CPU at message end (each field a rule reads is decoded). Default: for
   * messages of `RECORD_STORE_MIN_BYTES` (32 MiB) and more. When the engine decides so by size, it
   * also asks V8 to grow the process's heap in 20% steps (`tightenHeap`), which keeps the garbage of
   * message end from piling up.
   */
  recordStore?: boolean;
  /**
   * Called once per message read without a fatal error, at its end while its model is alive, with
   * a snapshot of each release (diff/release-snapshot.ts): the server keeps them as the releases'
   * history. Off by default (nothing is built). A message kept as bytes (`recordStore`) gets no
   * snapshots (`skipped` says why): building them would hold the catalog's records as objects again.
   */
  onReleaseSnapshots?: (snapshots: MessageSnapshots) => void;
  onProgress?: (event: ProgressEvent) => void;
  signal?: AbortSignal;
}

/**
 * A delivery as the engine sees it: a list of files (from a folder, a zip, or a single XML) that
 * can each be opened as a stream, with the ERN messages and the completion marker picked out.
 */
import type { Readable } from 'node:stream';

export interface BatchEntry {
  /** Path inside the batch, '/'-separated, no leading slash (`721620118165/resources/01.flac`). */
  path: string;
  size: number;
  /** The file on disk that `open` reads, when the entry is one (not a zip entry or a stream). */
  file?: string;
  /**
   * Opens the bytes; may be called more than once. `bulk`: the whole file will be read for its
   * bytes (media hashing), so a file on disk is read in large chunks.
   */
  open(options?: { bulk?: boolean }): Promise<Readable>;
}

export interface Batch {
  kind: 'xml' | 'folder' | 'zip';
  /** Display name (the path or name given). */
  source: string;
  entries: BatchEntry[];
  /** Entries holding an ERN message (by their root element), in path order. */
  messages: BatchEntry[];
  /** BatchComplete_*.xml or *.complete, when present. */
  marker: BatchEntry | null;
  /** Other XML that is not an ERN message (manifests), by path. */
  manifests: BatchEntry[];
  /** True when the input was a lone XML file: its media files are not expected to be present. */
  messageOnly: boolean;
  close(): Promise<void>;
}

/** A batch that could not be opened at all: a clear error for the `package` stage. */
export class BatchError extends Error {
  constructor(
    message: string,
    readonly code:
      | 'not_found'
      | 'unreadable'
      /** The user may not read the input or a file or folder in it (EACCES, EPERM): not a fault of the delivery. */
      | 'permission'
      /** A symbolic link (folder) or symlink entry (zip) pointing outside the batch. */
      | 'unsafe_link'
      | 'empty'
      | 'not_a_batch'
      | 'zip_invalid'
      | 'zip_unsafe_path'
      | 'zip_too_large'
      | 'zip_ratio'
      | 'no_message',
    readonly file: string = '',
  ) {
    super(message);
    this.name = 'BatchError';
  }
}

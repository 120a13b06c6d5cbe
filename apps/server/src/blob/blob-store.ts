/**
 * Where batches live: one interface, interchangeable back ends (a local folder; an S3-compatible
 * store). Routes, the delivery worker and the SFTP inbox never know which one runs. Bodies being
 * received are first written to local scratch files (`tempPath`), then stored under a key.
 */
export interface LocalCopy {
  /** A local file holding the blob's bytes, readable until `release()`. */
  path: string;
  release(): Promise<void>;
}

export interface BlobStore {
  /** A fresh local scratch file path for a body being received. */
  tempPath(name: string): string;
  removeTemp(tempPath: string): Promise<void>;
  /** Removes scratch files older than `maxAgeMs` (left by a crash mid-upload); returns how many. */
  sweepTemp(maxAgeMs: number): Promise<number>;
  /** Stores a complete scratch file under a new key (the scratch file is consumed); returns the key. */
  putFile(tempPath: string, name: string): Promise<string>;
  /** The blob as a local file (the local store's own file; a download for remote stores). */
  openLocal(key: string): Promise<LocalCopy>;
  exists(key: string): Promise<boolean>;
  delete(key: string): Promise<void>;
  /** Direct uploads: stores a complete scratch file as part `n` of upload `uploadId` (replacing an earlier one). */
  putPart(tempPath: string, uploadId: number, n: number): Promise<void>;
  /** Joins the parts 1..count of an upload, in order, into one new blob (streamed); returns its key. */
  assembleParts(uploadId: number, count: number, name: string): Promise<string>;
  /** Drops every stored part of an upload. */
  removeParts(uploadId: number): Promise<void>;
}

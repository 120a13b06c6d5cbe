/**
 * Where batches live: one interface, interchangeable back ends (a local folder; an S3-compatible
 * store). Routes, the delivery worker and the SFTP inbox never know which one runs. Bodies being
 * received are first written to local scratch files (`tempPath`), then stored under a key.
 *
 * Direct uploads (spec 4.1) are parts of one upload: the store says where each part is PUT (its own
 * presigned URL on S3; the server's signed URL on the local folder, which then receives the part
 * through `putPart`), lists what arrived, joins the committed parts into one blob and drops them.
 */
export interface LocalCopy {
  /** A local file holding the blob's bytes, readable until `release()`. */
  path: string;
  release(): Promise<void>;
}

/** A direct upload as the store sees it. */
export interface PartUpload {
  id: number;
  name: string;
  /** The store's own handle of the upload (S3's UploadId); null on the local folder. */
  storeRef: string | null;
}

export interface StoredPart {
  partNumber: number;
  size: number;
  /** The store's checksum of the part (S3's ETag), needed to join it; null on the local folder. */
  etag: string | null;
}

/** The store refused to join an upload's parts for good (a part changed after the commit): the delivery fails with this message. */
export class PartsRefused extends Error {}

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
  /** Rejects when the store cannot be used now (readiness): the folder is not writable, the bucket does not answer. */
  check(): Promise<void>;
  delete(key: string): Promise<void>;

  /** Starts a direct upload in the store; returns its handle (`storeRef`), or null when it needs none. */
  beginParts(uploadId: number, name: string): Promise<string | null>;
  /**
   * The URL a client PUTs part `n` to, valid from `signedAt` for `lifetimeS` seconds and only for a
   * body of exactly `size` bytes where the store can enforce it. `serverUrl` is the server's own
   * signed URL of the part, for stores that do not take parts themselves.
   */
  partUrl(upload: PartUpload, n: number, size: number, signedAt: Date, lifetimeS: number, serverUrl: () => string): Promise<string>;
  /** True when the server itself receives the parts (`putPart`); false when clients PUT them to the store. */
  readonly receivesParts: boolean;
  /** Local folder only (the server receives the part): stores a scratch file as part `n`, replacing an earlier one. */
  putPart(tempPath: string, upload: PartUpload, n: number): Promise<void>;
  /** The parts that arrived so far, by part number. */
  listParts(upload: PartUpload): Promise<StoredPart[]>;
  /** Joins the committed parts, in order, into one new blob; returns its key. */
  assembleParts(upload: PartUpload, parts: StoredPart[]): Promise<string>;
  /** Drops every stored part of an upload (and the store's upload itself). */
  removeParts(upload: PartUpload): Promise<void>;
}

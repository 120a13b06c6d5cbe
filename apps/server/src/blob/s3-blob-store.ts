/**
 * Blob store on an S3-compatible service (AWS S3, MinIO, R2, …) through the AWS SDK v3. Direct
 * uploads are S3 multipart uploads: each part URL is S3's own presigned UploadPart URL (signed for
 * the part's exact size, so S3 refuses a body of any other size), what arrived is S3's ListParts,
 * and joining is CompleteMultipartUpload: parts never pass through the API server. A delivery reads
 * its batch as a local file: GetObject streamed to a scratch file, removed when the run ends.
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListPartsCommand,
  S3Client,
  S3ServiceException,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { PartsRefused, type BlobStore, type LocalCopy, type PartUpload, type StoredPart } from './blob-store.js';
import { newBlobKey, StoreWithScratch } from './scratch-files.js';

export interface S3Settings {
  bucket: string;
  /** Endpoint of a non-AWS service (`http://127.0.0.1:9000`); null for AWS itself. */
  endpoint: string | null;
  region: string;
  /** `bucket` in the path instead of the host name (MinIO and most self-hosted services need it). */
  forcePathStyle: boolean;
  /** Prefix of every key this server writes (`ddex/`), so a bucket can be shared. */
  prefix: string;
  /** Credentials; null: the SDK's own chain (AWS_* variables, profiles, instance roles). */
  credentials: { accessKeyId: string; secretAccessKey: string } | null;
}

const MiB = 1024 * 1024;
const notFound = (error: unknown) => error instanceof S3ServiceException && (error.$metadata.httpStatusCode === 404 || error.name === 'NoSuchUpload' || error.name === 'NotFound' || error.name === 'NoSuchKey');

export class S3BlobStore extends StoreWithScratch implements BlobStore {
  readonly receivesParts = false;
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly prefix: string;

  constructor(settings: S3Settings, dataDir: string) {
    super(path.join(dataDir, 'blobs', 'tmp'));
    this.bucket = settings.bucket;
    this.prefix = settings.prefix;
    this.client = new S3Client({
      region: settings.region,
      endpoint: settings.endpoint ?? undefined,
      forcePathStyle: settings.forcePathStyle,
      credentials: settings.credentials ?? undefined,
      // Checksums only where S3 requires them: a default CRC32 would be signed into each presigned
      // part URL (as the checksum of an empty body) and S3 would refuse every real part.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  private keyOf(name: string): string {
    return this.prefix + name;
  }

  private uploadKey(upload: { id: number; name: string }): string {
    return this.keyOf(`uploads/${upload.id}/${path.basename(upload.name)}`);
  }

  /** Streams the scratch file to S3 (multipart above 16 MiB, 4 parts at once), then removes it. */
  async putFile(tempPath: string, name: string): Promise<string> {
    const key = this.keyOf(newBlobKey(name));
    // Opened first, so a missing file rejects here; the stream's read errors reach upload.done(),
    // which reads it, and the stream is destroyed whatever happened (no open file left behind).
    const file = await fsp.open(tempPath);
    const body = file.createReadStream();
    try {
      await new Upload({ client: this.client, params: { Bucket: this.bucket, Key: key, Body: body }, partSize: 16 * MiB, queueSize: 4 }).done();
    } finally {
      body.destroy();
      await file.close().catch(() => undefined);
    }
    await this.scratch.removeTemp(tempPath);
    return key;
  }

  async openLocal(key: string): Promise<LocalCopy> {
    const object = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
    const temp = this.scratch.tempPath(path.posix.basename(key));
    try {
      await pipeline(object.Body as Readable, fs.createWriteStream(temp));
    } catch (error) {
      await this.scratch.removeTemp(temp);
      throw error;
    }
    return { path: temp, release: () => this.scratch.removeTemp(temp) };
  }

  /**
   * Reads a key that need not exist: "no such key" proves the store answers and takes our
   * credentials. So does AccessDenied: without s3:ListBucket, S3 answers a missing key that way,
   * while a wrong key or secret is InvalidAccessKeyId or SignatureDoesNotMatch. (HeadBucket would
   * need ListBucket on the bucket, which a policy limited to the prefix does not grant.)
   */
  async check(): Promise<void> {
    try {
      const probe = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: this.keyOf('.readiness-probe') }));
      (probe.Body as Readable | undefined)?.destroy();
    } catch (error) {
      if (notFound(error) || (error instanceof S3ServiceException && error.name === 'AccessDenied')) return;
      throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return true;
    } catch (error) {
      if (notFound(error)) return false;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async beginParts(uploadId: number, name: string): Promise<string> {
    const started = await this.client.send(new CreateMultipartUploadCommand({ Bucket: this.bucket, Key: this.uploadKey({ id: uploadId, name }) }));
    if (!started.UploadId) throw new Error('the S3 store answered CreateMultipartUpload without an UploadId');
    return started.UploadId;
  }

  partUrl(upload: PartUpload, n: number, size: number, signedAt: Date, lifetimeS: number): Promise<string> {
    const command = new UploadPartCommand({ Bucket: this.bucket, Key: this.uploadKey(upload), UploadId: this.storeRef(upload), PartNumber: n, ContentLength: size });
    return getSignedUrl(this.client, command, { expiresIn: lifetimeS, signingDate: signedAt, signableHeaders: new Set(['content-length']) });
  }

  putPart(): Promise<void> {
    return Promise.reject(new Error('parts of an S3 upload go to S3 itself, not through the server'));
  }

  async listParts(upload: PartUpload): Promise<StoredPart[]> {
    const parts: StoredPart[] = [];
    let marker: string | undefined;
    for (;;) {
      let page;
      try {
        page = await this.client.send(new ListPartsCommand({ Bucket: this.bucket, Key: this.uploadKey(upload), UploadId: this.storeRef(upload), PartNumberMarker: marker }));
      } catch (error) {
        if (notFound(error)) return parts;
        throw error;
      }
      for (const p of page.Parts ?? []) parts.push({ partNumber: p.PartNumber!, size: Number(p.Size), etag: p.ETag ?? null });
      if (!page.IsTruncated || page.NextPartNumberMarker === undefined) break;
      marker = String(page.NextPartNumberMarker);
    }
    return parts.sort((a, b) => a.partNumber - b.partNumber);
  }

  async assembleParts(upload: PartUpload, parts: StoredPart[]): Promise<string> {
    const key = this.uploadKey(upload);
    // A part PUT to S3 after the commit replaced the one it checked: refused here by its ETag, so the
    // batch is never other than the one committed, even on a store that does not compare ETags itself
    // (S3 does, at CompleteMultipartUpload, which closes the moment between this look and the join).
    const now = new Map((await this.listParts(upload)).map((p) => [p.partNumber, p.etag]));
    const changed = now.size > 0 ? parts.find((p) => now.get(p.partNumber) !== p.etag) : undefined;
    if (changed) throw new PartsRefused(`Part ${changed.partNumber} of the upload was sent again after the commit, so it is not the part the commit checked; the batch was not imported. Upload the batch again.`);
    try {
      await this.client.send(
        new CompleteMultipartUploadCommand({
          Bucket: this.bucket,
          Key: key,
          UploadId: this.storeRef(upload),
          MultipartUpload: { Parts: parts.map((p) => ({ PartNumber: p.partNumber, ETag: p.etag ?? undefined })) },
        }),
      );
    } catch (error) {
      // A worker that died after S3 completed the upload: the object is there, the upload gone.
      if (notFound(error) && (await this.exists(key))) return key;
      if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 400) {
        throw new PartsRefused(`The storage refused to join the uploaded parts (${error.name}): a part was sent again after the commit. Upload the batch again.`);
      }
      throw error;
    }
    return key;
  }

  async removeParts(upload: PartUpload): Promise<void> {
    if (!upload.storeRef) return;
    try {
      await this.client.send(new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: this.uploadKey(upload), UploadId: upload.storeRef }));
    } catch (error) {
      if (!notFound(error)) throw error;
    }
  }

  private storeRef(upload: PartUpload): string {
    if (!upload.storeRef) throw new Error(`upload ${upload.id} has no S3 multipart upload`);
    return upload.storeRef;
  }
}


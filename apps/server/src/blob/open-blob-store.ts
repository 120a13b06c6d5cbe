/** The blob store a process uses, from its settings: the local folder by default, or S3. */
import type { ServerConfig } from '../config.js';
import type { BlobStore } from './blob-store.js';
import { LocalBlobStore } from './local-blob-store.js';

/** The S3 client (about 270 ms of modules) is loaded only when the settings name a bucket. */
export async function openBlobStore(config: Pick<ServerConfig, 'dataDir' | 's3'>): Promise<BlobStore> {
  if (!config.s3) return new LocalBlobStore(config.dataDir);
  const { S3BlobStore } = await import('./s3-blob-store.js');
  return new S3BlobStore(config.s3, config.dataDir);
}

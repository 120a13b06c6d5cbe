/** The blob store a process uses, from its settings: the local folder by default, or S3. */
import type { ServerConfig } from '../config.js';
import type { BlobStore } from './blob-store.js';
import { LocalBlobStore } from './local-blob-store.js';
import { S3BlobStore } from './s3-blob-store.js';

export function openBlobStore(config: Pick<ServerConfig, 'dataDir' | 's3'>): BlobStore {
  return config.s3 ? new S3BlobStore(config.s3, config.dataDir) : new LocalBlobStore(config.dataDir);
}

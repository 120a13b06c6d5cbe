/** Types of s3-server.mjs for the TypeScript tests. */
export declare const S3_TEST_CREDENTIALS: { accessKeyId: string; secretAccessKey: string };
export interface S3TestServer {
  endpoint: string;
  bucket: string;
  directory: string;
  /** The ddex-server environment for this store. */
  env: Record<string, string>;
  close(): Promise<void>;
}
export declare function startS3Server(bucket?: string): Promise<S3TestServer>;

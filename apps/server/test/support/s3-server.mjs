/**
 * A real S3-compatible server for the tests: s3rver (the npm package, the S3 REST protocol over
 * HTTP with SigV4 and presigned URLs checked) on a free loopback port and a fresh folder, with one
 * bucket. s3rver answers ListParts and AbortMultipartUpload with MethodNotAllowed, and the server
 * needs both (every S3 implementation offers them) to tell which parts arrived and to drop an
 * upload; this harness adds those two operations to s3rver's own router, on s3rver's own part
 * files, behind s3rver's own SigV4 check, answering as S3 documents them.
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
// s3rver is CommonJS without type declarations. Plain JavaScript so the benchmarks use it too.
const S3rver = require('@20minutes/s3rver');
const router = require('@20minutes/s3rver/lib/routes');
const S3Error = require('@20minutes/s3rver/lib/models/error');

export const S3_TEST_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/** ListParts (GET /bucket/key?uploadId=…, with max-parts and part-number-marker) on s3rver's files. */
async function listParts(ctx) {
  const dir = path.join(ctx.store.getResourcePath(ctx.params.bucket, undefined, 'uploads'), ctx.query.uploadId);
  const names = await fsp.readdir(dir).catch(() => null);
  if (!names) throw new S3Error('NoSuchUpload', 'The specified upload does not exist.', { UploadId: ctx.query.uploadId });
  const marker = Number(ctx.query['part-number-marker'] ?? 0);
  const max = Math.min(1000, Number(ctx.query['max-parts'] ?? 1000));
  const numbers = names.filter((n) => /^\d+$/.test(n)).map(Number).filter((n) => n > marker).sort((a, b) => a - b);
  const page = numbers.slice(0, max);
  const parts = await Promise.all(
    page.map(async (n) => {
      const file = path.join(dir, String(n));
      const [stat, md5] = await Promise.all([fsp.stat(file), fsp.readFile(`${file}.md5`, 'utf8').catch(() => '')]);
      return { PartNumber: n, LastModified: stat.mtime.toISOString(), ETag: JSON.stringify(md5), Size: stat.size };
    }),
  );
  const truncated = numbers.length > page.length;
  ctx.body = {
    ListPartsResult: {
      '@': { xmlns: 'http://s3.amazonaws.com/doc/2006-03-01/' },
      Bucket: ctx.params.bucket,
      Key: ctx.params.key,
      UploadId: ctx.query.uploadId,
      PartNumberMarker: marker,
      NextPartNumberMarker: page.length ? page[page.length - 1] : marker,
      MaxParts: max,
      IsTruncated: truncated,
      Part: parts,
    },
  };
}

/** AbortMultipartUpload (DELETE /bucket/key?uploadId=…): 204, or 404 NoSuchUpload as S3 answers. */
async function abortUpload(ctx) {
  const dir = path.join(ctx.store.getResourcePath(ctx.params.bucket, undefined, 'uploads'), ctx.query.uploadId);
  if (!fs.existsSync(dir)) throw new S3Error('NoSuchUpload', 'The specified upload does not exist.', { UploadId: ctx.query.uploadId });
  await fsp.rm(dir, { recursive: true, force: true });
  ctx.status = 204;
}

let patched = false;
/** Routes `?uploadId` on GET and DELETE of an object to the operations above, the rest as before. */
function addMultipartOperations() {
  if (patched) return;
  for (const [method, operation] of [['GET', listParts], ['DELETE', abortUpload]]) {
    const layer = router.stack.find((l) => l.path.startsWith('/:bucket/') && l.methods.includes(method));
    if (!layer) throw new Error(`s3rver routes changed: the ${method} object route was not found`);
    const original = layer.stack[layer.stack.length - 1];
    layer.stack[layer.stack.length - 1] = (ctx, next) => (ctx.params.queryMethod === 'uploadId' ? operation(ctx) : original(ctx, next));
  }
  patched = true;
}

/**
 * Starts the server; `env` is the ddex-server environment for this store.
 * @returns {Promise<{endpoint: string, bucket: string, directory: string, env: Record<string, string>, close(): Promise<void>}>}
 */
export async function startS3Server(bucket = 'ddex-test') {
  addMultipartOperations();
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'ddex-s3-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    directory,
    env: {
      BLOB_STORE: 's3',
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: S3_TEST_CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: S3_TEST_CREDENTIALS.secretAccessKey,
    },
    async close() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}

// `node s3-server.mjs`: runs one on its own (for the benchmarks), printing its settings as one JSON line.
if (import.meta.url === `file://${process.argv[1]}`) {
  const s3 = await startS3Server();
  console.log(JSON.stringify({ endpoint: s3.endpoint, env: s3.env }));
  process.on('SIGTERM', () => s3.close().then(() => process.exit(0)));
}

/** POST /ddex/validate: a dry run in a worker thread; 200 with the report whatever the batch's problems. */
import type { RouteSpec } from '../http/route-spec.js';
import { runDryRun } from './dry-run.js';

export const validateRoute: RouteSpec = {
  method: 'POST',
  path: '/ddex/validate',
  operationId: 'validateBatch',
  summary: 'Dry run: check a batch without importing anything',
  description:
    'Body: raw zip (application/zip), raw XML (application/xml) or multipart/form-data with `file` (and `member_id`). ' +
    'A faulty batch still answers 200 with every check and a verdict. Limits (our choice, the spec leaves them open): ' +
    'bodies above 100 MiB answer 413 too_large (deliver them with POST /ddex); once the body has arrived, more than 4 dry runs at once in one server process, or more than 2 of one key, answer 429 busy with Retry-After. ' +
    'A body that sends nothing for 30 s, or less than 8 KiB/s over 30 s, answers 408 request_timeout and is dropped. ' +
    'Every dry run is kept 90 days as a test report of the account (the dashboard lists them with those sent to SFTP /test).',
  scope: 'ddex:validate',
  querystring: 'batch-query.schema.json',
  batchBody: { maxRawBytes: 100 * 1024 * 1024, maxMultipartBytes: 100 * 1024 * 1024 },
  success: { status: 200, schema: 'validate-response.schema.json', description: 'The validation report' },
  errors: [
    { status: 400, codes: ['invalid'] },
    { status: 404, codes: ['not_found'] },
    { status: 408, codes: ['request_timeout'] },
    { status: 413, codes: ['too_large'] },
    { status: 429, codes: ['busy', 'rate_limited'] },
  ],
  async handler(ctx, caller, request, reply) {
    // The engine thread serialized the answer (answer-json.ts): its bytes are sent as they are.
    const { answer } = await runDryRun(ctx, caller, request, 'api');
    reply.type('application/json; charset=utf-8');
    return Buffer.from(answer.buffer, answer.byteOffset, answer.byteLength);
  },
};

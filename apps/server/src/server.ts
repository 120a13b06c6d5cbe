/**
 * Builds the partner API: Fastify with the shared JSON Schemas, both base paths, the Caller of each route,
 * CORS, legacy headers, the engine pools and the job runner (deliveries are jobs too). `startServer` also listens.
 */
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import type { ServerConfig } from './config.js';
import { openMigratedDb, type OpenDb } from './db/connect.js';
import { openBlobStore } from './blob/open-blob-store.js';
import { EnginePool } from './ddex/engine-pool.js';
import { loadApiSchemas } from './api-schemas.js';
import callerPlugin from './auth/caller-plugin.js';
import { keyAuthenticator } from './auth/key-authenticator.js';
import { tokenAuthenticator } from './mcp/token-authenticator.js';
import { registerMcp } from './mcp/register-mcp.js';
import { sessionAuthenticator } from './users/session-authenticator.js';
import { registerDashboard } from './dashboard/register.js';
import { addLegacyHeaders } from './http/base-url.js';
import { registerCors } from './http/cors.js';
import { requestLogOptions } from './http/request-log.js';
import { registerErrorHandling } from './http/error-handler.js';
import { clientErrorHandler, frameworkErrors } from './http/framework-errors.js';
import { DASHBOARD_PAGES, PAGES, ROUTES } from './routes.js';
import type { AppContext } from './http/route-spec.js';
import { registerApi } from './http/register-api.js';
import { ENGINE_LANE, JobRunner } from './jobs/job-runner.js';
import { registerJobHandlers } from './job-handlers.js';
import { registerPages } from './http/register-pages.js';
import { SftpInbox } from './sftp/sftp-server.js';

export interface RunningServer {
  app: FastifyInstance;
  url: string;
  /** Port of the SFTP inbox (the sftp role), else null. */
  sftpPort: number | null;
  close(): Promise<void>;
}

export async function buildServer(config: ServerConfig, options: { logger?: boolean } = {}): Promise<{ app: FastifyInstance; stop: () => Promise<void>; listening: { url: string | null }; sftp: SftpInbox | null }> {
  const open: OpenDb = await openMigratedDb(config.db);
  const blobs = await openBlobStore(config);
  await blobs.sweepTemp(24 * 3600_000);
  const validatePool = new EnginePool(config.validatePoolSize, { db: config.db });
  const deliveryPool = new EnginePool(config.deliveryConcurrency, { db: config.db });
  const app = Fastify({
    logger: requestLogOptions(options.logger ?? false),
    trustProxy: config.trustProxy,
    // Bodies are streamed by the handlers; this limit only guards JSON-ish parsers (none are used).
    bodyLimit: 1024 * 1024,
    // Batch bodies may take hours (20 GB); stalled or crawling bodies are cut by the body guard
    // (http/request-body.ts), not by a whole-request timeout.
    requestTimeout: 0,
    frameworkErrors: (error, request, reply) => frameworkErrors(error, request as FastifyRequest, reply as FastifyReply),
    clientErrorHandler,
  });
  for (const schema of loadApiSchemas()) app.addSchema(schema);

  const listening: { url: string | null } = { url: null };
  // One queue, two lanes: the engine's long runs (deliveries, SFTP batches) never take the slots
  // of the jobs that wait on the network (webhook attempts, emails), nor the other way round.
  const jobs = new JobRunner({
    db: open.db,
    dialect: open.dialect,
    log: app.log,
    concurrency: config.jobsConcurrency,
    leaseMs: config.jobsLeaseMs,
    lanes: { [ENGINE_LANE]: { concurrency: config.deliveryConcurrency, leaseMs: config.deliveryLeaseMs } },
    pollMs: config.jobsPollMs,
    listenUrl: open.dialect === 'postgres' ? config.db.location : undefined,
    listenPollMs: config.jobsListenPollMs,
  });
  const ctx: AppContext = {
    db: open.db,
    dialect: open.dialect,
    config,
    blobs,
    validatePool,
    validationsInFlight: { count: 0, byKey: new Map() },
    jobs,
    publicUrl: () => config.publicUrl ?? listening.url ?? `http://localhost:${config.port}`,
  };
  registerJobHandlers(jobs, ctx, { deliveryPool, pauseBeforeImportMs: Number(process.env.DDEX_SERVER_TEST_PAUSE_BEFORE_IMPORT_MS ?? 0) || undefined });

  // Batch bodies are read by the handlers as streams: raw (any type) or multipart.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
  await app.register(multipart);
  // Before any route: each route's declared callers are checked as it is added (auth/caller-plugin.ts).
  await app.register(callerPlugin, { authenticators: [keyAuthenticator(open.db), sessionAuthenticator(open.db), tokenAuthenticator(open.db)] });

  app.addHook('onRequest', async (request, reply) => addLegacyHeaders(request, reply));
  registerCors(app);
  registerErrorHandling(app);
  registerPages(app, ctx, PAGES);
  await registerDashboard(app, ctx, DASHBOARD_PAGES);

  registerApi(app, ctx, ROUTES);
  registerMcp(app, ctx);

  if (config.roles.has('worker')) await jobs.start();
  const sftp = config.roles.has('sftp') ? new SftpInbox({ db: open.db, dataDir: config.dataDir, settings: config.sftp, log: app.log }) : null;
  const stop = async () => {
    await sftp?.stop();
    await app.close();
    await jobs.stop();
    await Promise.all([validatePool.close(), deliveryPool.close()]);
    await open.close();
  };
  return { app, stop, listening, sftp };
}

export async function startServer(config: ServerConfig, options: { logger?: boolean } = {}): Promise<RunningServer> {
  const { app, stop, listening, sftp } = await buildServer(config, options);
  const sftpPort = sftp ? await sftp.start() : null;
  // A process without the api role (a worker or SFTP process) serves no HTTP.
  // An Expect header other than 100-continue would get Node's own bodiless 417: the API ignores
  // expectations it does not know (RFC 9110 allows it) and answers the request as usual.
  app.server.on('checkExpectation', (request, response) => app.server.emit('request', request, response));
  const address = config.roles.has('api') ? await app.listen({ port: config.port, host: config.host }) : '';
  if (address) listening.url = address;
  return { app, url: address, sftpPort, close: stop };
}

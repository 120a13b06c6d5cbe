/**
 * Builds the partner API: Fastify with the shared JSON Schemas, both base paths, the Caller of each route,
 * white-label portal domains, CORS, the legacy base (headers, then its sunset), the engine pools and the job runner (deliveries are jobs too). `startServer` also listens.
 */
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import type { ServerConfig } from './config.js';
import { openMigratedDb, type OpenDb } from './db/connect.js';
import { loadServerKeys } from './auth/server-keys.js';
import { openBlobStore } from './blob/open-blob-store.js';
import { EnginePool } from './ddex/engine-pool.js';
import { loadApiSchemas } from './api-schemas.js';
import callerPlugin from './auth/caller-plugin.js';
import { keyAuthenticator } from './auth/key-authenticator.js';
import { legacyBaseHook } from './http/legacy-base.js';
import { tokenAuthenticator } from './mcp/token-authenticator.js';
import { registerMcp } from './mcp/register-mcp.js';
import { registerCors } from './http/cors.js';
import { requestLogOptions } from './http/request-log.js';
import { registerErrorHandling } from './http/error-handler.js';
import { clientErrorHandler, frameworkErrorsWith } from './http/framework-errors.js';
import { registerPortals, type PortalLookup } from './http/portal.js';
import { findPortal } from './account/portal-domains.js';
import { DASHBOARD_PAGES, PAGES, ROUTES } from './routes.js';
import { sessionAuthenticator } from './users/session-authenticator.js';
import { registerDashboard } from './dashboard/register.js';
import type { AppContext } from './http/route-spec.js';
import { registerApi } from './http/register-api.js';
import { ENGINE_LANE, JobRunner } from './jobs/job-runner.js';
import { registerJobHandlers } from './job-handlers.js';
import { registerPages } from './http/register-pages.js';
import { SftpInbox } from './sftp/sftp-server.js';
import { registerRequestIdHeader, requestIdOf } from './http/request-id.js';
import { registerHealthRoutes } from './ops/health-routes.js';
import { registerHttpMetrics } from './ops/http-metrics.js';
import { readQueueFrom } from './ops/metrics.js';
import { OpsListener } from './ops/ops-listener.js';
import type { ReadinessSources } from './ops/readiness.js';
import { countJobs } from './jobs/job-queue.js';
import { EventFeed } from './events/event-feed.js';

export interface RunningServer {
  app: FastifyInstance;
  url: string;
  /** Port of the SFTP inbox (the sftp role), else null. */
  sftpPort: number | null;
  /** `host:port` of the ops listener (METRICS_ADDR), else null. */
  opsAddress: string | null;
  /** Stops everything, letting running jobs finish however long they take (tests, in-process use). */
  close(): Promise<void>;
  /** SIGTERM's stop (ops/shutdown.ts): running jobs get `jobsGraceMs`, then are handed back. */
  shutdown(jobsGraceMs: number): Promise<void>;
  /** The bound or a second signal: every job still running goes back to the queue now. */
  handBack(): Promise<void>;
}

interface BuiltServer {
  app: FastifyInstance;
  stop: () => Promise<void>;
  shutdown: (jobsGraceMs: number) => Promise<void>;
  handBack: () => Promise<void>;
  listening: { url: string | null; sftpPort: number | null };
  sftp: SftpInbox | null;
  ops: OpsListener | null;
}

export async function buildServer(config: ServerConfig, options: { logger?: boolean } = {}): Promise<BuiltServer> {
  const open: OpenDb = await openMigratedDb(config.db);
  await loadServerKeys(open.db, config.dataDir);
  const blobs = await openBlobStore(config);
  // What a killed process of this machine left, and anything a day old (blob/scratch-files.ts).
  await blobs.sweepTemp(24 * 3600_000);
  const validatePool = new EnginePool(config.validatePoolSize, { db: config.db });
  const deliveryPool = new EnginePool(config.deliveryConcurrency, { db: config.db });
  const portalLookup: PortalLookup = (domain) => findPortal(open.db, domain);
  const frameworkErrors = frameworkErrorsWith(portalLookup);
  const app = Fastify({
    logger: requestLogOptions(options.logger ?? false),
    // Our own id (a caller's X-Request-Id only when well-formed): on every line and every answer.
    genReqId: requestIdOf,
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

  const listening: { url: string | null; sftpPort: number | null } = { url: null, sftpPort: null };
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
  // Live pages of the dashboard hear new events, also those a worker in another process writes.
  const events = new EventFeed({ db: open.db, dialect: open.dialect, listenUrl: open.dialect === 'postgres' ? config.db.location : undefined, log: app.log });
  const ctx: AppContext = {
    db: open.db,
    dialect: open.dialect,
    config,
    blobs,
    validatePool,
    validationsInFlight: { count: 0, byKey: new Map() },
    jobs,
    events,
    sftpPort: () => listening.sftpPort ?? config.sftp.port,
    publicUrl: () => config.publicUrl ?? listening.url ?? `http://localhost:${config.port}`,
  };
  registerJobHandlers(jobs, ctx, { deliveryPool, pauseBeforeImportMs: Number(process.env.DDEX_SERVER_TEST_PAUSE_BEFORE_IMPORT_MS ?? 0) || undefined });

  // Batch bodies are read by the handlers as streams: raw (any type) or multipart.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
  await app.register(multipart);
  // Before any route: each route's declared callers are checked as it is added (auth/caller-plugin.ts).
  await app.register(callerPlugin, { authenticators: [keyAuthenticator(open.db), sessionAuthenticator(open.db), tokenAuthenticator(open.db)] });

  // onRequest hooks run in this order: the request id's header and the request metrics, the
  // portal (the legacy base and the key authenticator read it), then CORS (so a 410 of the retired
  // base is readable by a browser), then the legacy base's headers or its 410.
  registerRequestIdHeader(app);
  registerHttpMetrics(app);
  registerPortals(app, portalLookup);
  registerCors(app);
  app.addHook('onRequest', legacyBaseHook);
  registerErrorHandling(app);
  registerPages(app, ctx, PAGES);
  await registerDashboard(app, ctx, DASHBOARD_PAGES);

  registerApi(app, ctx, ROUTES);
  registerMcp(app, ctx);

  let draining = false;
  // An answer finished while draining closes its connection: a keep-alive socket would otherwise
  // hold app.close() until the client's idle timeout.
  app.addHook('onSend', async (_request, reply) => {
    if (draining) reply.header('connection', 'close');
  });
  const health: ReadinessSources = { db: open.db, dialect: open.dialect, blobs, draining: () => draining };
  registerHealthRoutes(app, health);
  readQueueFrom(() => countJobs(open.db));
  const ops = config.metricsAddr ? new OpsListener({ address: config.metricsAddr, sources: health, log: app.log }) : null;

  if (config.roles.has('api')) events.start();
  // Workers run the queue's jobs; sftp processes run the inbox's own (job-handlers.ts).
  if (config.roles.has('worker') || config.roles.has('sftp')) await jobs.start();
  const sftp = config.roles.has('sftp') ? new SftpInbox({ db: open.db, dataDir: config.dataDir, settings: config.sftp, log: app.log }) : null;
  const release = async () => {
    await Promise.all([validatePool.close(), deliveryPool.close()]);
    await ops?.stop();
    await open.close();
  };
  const stop = async () => {
    draining = true;
    await sftp?.stop();
    // Open event streams would keep app.close() waiting for their connections: end them first.
    await events.stop();
    await app.close();
    await jobs.stop();
    await release();
  };
  // Everything stops at once: no new connection, session or claim; requests in flight finish.
  const shutdown = async (jobsGraceMs: number) => {
    draining = true;
    const [, , handedBack] = await Promise.all([sftp?.stop(), app.close(), jobs.shutdown(jobsGraceMs)]);
    // A job handed back is still running here: closing the engine's threads or the database under
    // it would make it fail the delivery it no longer holds. The process ends instead (the bin exits).
    if (handedBack.length === 0) await release();
  };
  const handBack = async () => {
    draining = true;
    await jobs.handBack();
  };
  return { app, stop, shutdown, handBack, listening, sftp, ops };
}

export async function startServer(config: ServerConfig, options: { logger?: boolean } = {}): Promise<RunningServer> {
  const { app, stop, shutdown, handBack, listening, sftp, ops } = await buildServer(config, options);
  const opsAddress = ops ? await ops.start() : null;
  const sftpPort = sftp ? await sftp.start() : null;
  listening.sftpPort = sftpPort;
  // A process without the api role (a worker or SFTP process) serves no HTTP.
  // An Expect header other than 100-continue would get Node's own bodiless 417: the API ignores
  // expectations it does not know (RFC 9110 allows it) and answers the request as usual.
  app.server.on('checkExpectation', (request, response) => app.server.emit('request', request, response));
  const address = config.roles.has('api') ? await app.listen({ port: config.port, host: config.host }) : '';
  if (address) listening.url = address;
  return { app, url: address, sftpPort, opsAddress, close: stop, shutdown, handBack };
}

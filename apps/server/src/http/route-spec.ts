/**
 * A route of the API, declared once: Fastify registers it under both base paths and the OpenAPI
 * document is generated from the same declarations.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Scope } from '../auth/api-keys.js';
import type { Caller } from '../auth/caller.js';
import type { Database } from '../db/schema.js';
import type { Dialect } from '../db/connect.js';
import type { ServerConfig } from '../config.js';
import type { BlobStore } from '../blob/blob-store.js';
import type { EnginePool } from '../ddex/engine-pool.js';
import type { JobRunner } from '../jobs/job-runner.js';
import type { EventFeed } from '../events/event-feed.js';

export interface AppContext {
  db: Kysely<Database>;
  dialect: Dialect;
  config: ServerConfig;
  blobs: BlobStore;
  validatePool: EnginePool;
  /** Dry runs in progress in this process, in all and per credential (`caller.limitKey`; 429 busy above the limits). */
  validationsInFlight: { count: number; byKey: Map<string, number> };
  /** The SFTP inbox's port as partners reach it: this process's inbox when it has one, else SFTP_PORT. */
  sftpPort: () => number;
  /** Base URL for links in emails: PUBLIC_URL, else the address this process listens on. */
  publicUrl: () => string;
  /** The job runner (enqueue with `enqueueJob`, then `jobs.nudge(kind)` to start it without waiting for a poll; a delivery too). */
  jobs: JobRunner;
  /** The outbox's new events for the dashboard's live pages (events/event-feed.ts). */
  events: EventFeed;
}

export interface RouteSpec {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Path after the base (`/ddex/:id`). */
  path: string;
  operationId: string;
  summary: string;
  description: string;
  /**
   * Scope needed; null: any valid key; 'public': no key (a part URL, signed instead). Which kinds
   * of credential the API takes is decided once for every route (`http/register-api.ts`).
   */
  scope: Scope | null | 'public';
  querystring?: string;
  params?: string;
  /** A JSON body and its schema file (read by the handler with `readJsonBody`; for the OpenAPI document). */
  jsonBody?: string;
  /** Body kinds accepted (for the OpenAPI document; bodies are read by the handler). */
  batchBody?: { maxRawBytes: number; maxMultipartBytes: number };
  /** Success status -> answer schema file. */
  success: { status: number; schema: string; description: string };
  /** Error statuses this route can answer besides the ones every route can. */
  errors: { status: number; codes: string[] }[];
  handler(ctx: AppContext, caller: Caller, request: FastifyRequest, reply: FastifyReply): Promise<unknown>;
}

/**
 * The MCP server's tools: each answers a partner's question through its API endpoint's own
 * handler (`route-call.ts`) and requires that endpoint's scope. Structured content is the API's
 * answer object; the text is a short summary for the assistant. `explain_check` reads the engine's
 * rule catalogue. One list, read by the MCP server and by manifest.json.
 */
import { z } from 'zod';
import { RULES, docsUrl } from '@ddex-check/engine';
import type { FastifyRequest } from 'fastify';
import type { Scope } from '../auth/api-keys.js';
import type { Caller } from '../auth/caller.js';
import type { AppContext } from '../http/route-spec.js';
import { validateRoute } from '../ddex/validate-route.js';
import { getDeliveryRoute, listDeliveriesRoute } from '../ddex/deliveries-routes.js';
import { commitUploadRoute, createUploadRoute } from '../ddex/uploads/routes.js';
import { listMembersRoute } from '../members/routes.js';
import { earningsRoute } from '../earnings/routes.js';
import { payoutsRoute } from '../payouts/routes.js';
import { listTestReports } from '../test-reports/store.js';
import { notFound } from '../http/api-error.js';
import { nowIso } from '../clock.js';
import { callRoute } from './route-call.js';

export interface ToolRun {
  ctx: AppContext;
  caller: Caller;
  request: FastifyRequest;
}

export interface ToolDefinition {
  name: string;
  title: string;
  description: string;
  /** The scope of the API endpoint it answers through; null: any token. */
  scope: Scope | null;
  input: z.ZodObject;
  /**
   * What structured content it answers: the API endpoint's answer schema file (`success.schema`
   * of the route it calls through, `output-schemas.ts`), or a schema of its own for a tool that
   * answers from elsewhere.
   */
  output: z.ZodObject | string;
  readOnly: boolean;
  run(args: Record<string, unknown>, run: ToolRun): Promise<{ structured: Record<string, unknown>; text: string }>;
}

const id = z.string().regex(/^[1-9][0-9]{0,15}$/, 'a positive integer id').describe('The id, as the API gives it.');
const anyObject = z.record(z.string(), z.unknown());
const dataList = z.object({ data: z.array(anyObject) });
const dataObject = z.object({ data: anyObject });
const MAX_INLINE_XML = 5 * 1024 * 1024;

/** The query string an endpoint is called with: the given arguments among `names`, as text (what a partner's URL would carry). */
const queryOf = (args: Record<string, unknown>, names: string[]): Record<string, string> =>
  Object.fromEntries(names.filter((n) => args[n] !== undefined && args[n] !== '').map((n) => [n, String(args[n])]));

const count = (n: number, what: string, many = `${what}s`) => `${n} ${n === 1 ? what : many}`;

export const TOOLS: ToolDefinition[] = [
  {
    name: 'ping',
    title: 'Ping',
    description: 'Check the connection: the account, its plan and the permissions (scopes) this assistant holds.',
    scope: null,
    input: z.object({}),
    output: z.object({ ok: z.literal(true), server_time: z.string(), account: anyObject, plan: anyObject, scopes: z.array(z.string()) }),
    readOnly: true,
    async run(_args, { caller }) {
      const structured = { ok: true as const, server_time: nowIso(), account: caller.account, plan: caller.plan, scopes: caller.scopes };
      return { structured, text: `Connected to ${caller.account.name} (${caller.plan.plan} plan) with ${caller.scopes.join(', ') || 'no scopes'}.` };
    },
  },
  {
    name: 'validate',
    title: 'Validate a DDEX message',
    description:
      'Dry run of one ERN message given inline as XML (at most 5 MiB; use start_upload for a batch or a bigger file): the same report as POST /ddex/validate, with every check and a verdict. Nothing is imported; the run is kept as a test report.',
    scope: 'ddex:validate',
    input: z.object({
      xml: z.string().min(1).max(MAX_INLINE_XML).describe('The ERN message, as XML text.'),
      name: z.string().max(200).optional().describe('A name for the batch in the report (default message.xml).'),
      member_id: id.optional().describe('The member the message is checked for (default the account\'s own catalog).'),
    }),
    output: validateRoute.success.schema,
    readOnly: false,
    async run(args, { ctx, caller, request }) {
      const answer = (await callRoute(validateRoute, ctx, caller, request, { query: queryOf(args, ['name', 'member_id']), raw: { bytes: Buffer.from(String(args.xml), 'utf8'), contentType: 'application/xml' } })) as { data: { verdict: string; summary: Record<string, number> } };
      const s = answer.data.summary;
      return { structured: answer, text: `Verdict: ${answer.data.verdict}; ${count(s.errors ?? 0, 'error')}, ${count(s.warnings ?? 0, 'warning')} in ${count(s.releases ?? 0, 'release')}.` };
    },
  },
  {
    name: 'start_upload',
    title: 'Start a direct upload',
    description: 'Creates a direct upload (POST /ddex/uploads) for a batch too big to send inline: the answer has the URL(s) to PUT the file to, then call commit_upload. Committing makes it a real delivery (scope ddex:write).',
    scope: 'ddex:write',
    input: z.object({ name: z.string().min(1).max(200).describe('The file name, e.g. batch.zip.'), size: z.number().int().positive().describe('Its size in bytes.'), member_id: z.number().int().positive().optional() }),
    output: createUploadRoute.success.schema,
    readOnly: false,
    async run(args, { ctx, caller, request }) {
      const answer = (await callRoute(createUploadRoute, ctx, caller, request, { json: args })) as { data: { id: number; upload: { method: string } } };
      return { structured: answer, text: `Upload ${answer.data.id} created (${answer.data.upload.method}); PUT the file to the URL(s), then commit_upload.` };
    },
  },
  {
    name: 'commit_upload',
    title: 'Commit a direct upload',
    description: 'Commits a direct upload once every part is sent (POST /ddex/uploads/{id}/commit): it becomes a delivery.',
    scope: 'ddex:write',
    input: z.object({ id }),
    output: commitUploadRoute.success.schema,
    readOnly: false,
    async run(args, { ctx, caller, request }) {
      const answer = (await callRoute(commitUploadRoute, ctx, caller, request, { params: { id: String(args.id) } })) as { data: { id: number; status: string } };
      return { structured: answer, text: `Delivery ${answer.data.id} is ${answer.data.status}.` };
    },
  },
  {
    name: 'list_deliveries',
    title: 'List deliveries',
    description: 'The last 100 deliveries of the account, newest first (GET /ddex): status, counts of releases created, updated, flagged.',
    scope: 'ddex:validate',
    input: z.object({}),
    output: listDeliveriesRoute.success.schema,
    readOnly: true,
    async run(_args, { ctx, caller, request }) {
      const answer = (await callRoute(listDeliveriesRoute, ctx, caller, request, {})) as { data: { id: number; status: string; batch_name: string }[] };
      const latest = answer.data[0];
      return { structured: answer, text: `${count(answer.data.length, 'delivery', 'deliveries')}${latest ? `; the latest, ${latest.id} (${latest.batch_name}), is ${latest.status}` : ''}.` };
    },
  },
  {
    name: 'get_delivery',
    title: 'Read a delivery',
    description: 'One delivery with an item per release, its outcome and errors (GET /ddex/{id}). Another account\'s delivery is not found.',
    scope: 'ddex:validate',
    input: z.object({ id }),
    output: getDeliveryRoute.success.schema,
    readOnly: true,
    async run(args, { ctx, caller, request }) {
      const answer = (await callRoute(getDeliveryRoute, ctx, caller, request, { params: { id: String(args.id) } })) as { data: { id: number; status: string; items: unknown[] } };
      return { structured: answer, text: `Delivery ${answer.data.id} is ${answer.data.status}, ${count(answer.data.items.length, 'item')}.` };
    },
  },
  {
    name: 'list_test_reports',
    title: 'List test reports',
    description: 'The account\'s dry runs of the last 90 days (API, SFTP /test, this server\'s validate), newest first: verdict and summary.',
    scope: 'ddex:validate',
    input: z.object({}),
    output: dataList,
    readOnly: true,
    async run(_args, { ctx, caller }) {
      const data = await listTestReports(ctx.db, caller.account.id);
      return { structured: { data }, text: `${count(data.length, 'test report')}${data[0] ? `; the latest, ${data[0].id} (${data[0].name}), says ${data[0].verdict}` : ''}.` };
    },
  },
  {
    name: 'get_test_report',
    title: 'Read a test report',
    description: 'One dry run\'s whole report: every check, located, with its hint.',
    scope: 'ddex:validate',
    input: z.object({ id }),
    output: dataObject,
    readOnly: true,
    async run(args, { ctx, caller }) {
      const row = await ctx.db.selectFrom('test_reports').selectAll().where('id', '=', Number(args.id)).where('account_id', '=', caller.account.id).executeTakeFirst();
      if (!row) throw notFound();
      const data = { id: row.id, source: row.source, name: row.name, verdict: row.verdict, summary: JSON.parse(row.summary) as Record<string, number>, created_at: row.created_at, report: JSON.parse(row.report) as Record<string, unknown> };
      return { structured: { data }, text: `Test report ${row.id} (${row.name}): ${row.verdict}.` };
    },
  },
  {
    name: 'explain_check',
    title: 'Explain a check',
    description: 'What one check (rule id of a report, e.g. codes-isrc-syntax) means, where it applies, how to fix what it finds, and its sources (DDEX clauses, standards, store pages).',
    scope: null,
    input: z.object({ rule: z.string().min(1).max(100).describe('The rule id, as a report\'s check names it.') }),
    output: z.object({ data: anyObject }),
    readOnly: true,
    async run(args) {
      const rule = RULES.find((r) => r.id === args.rule);
      if (!rule) throw notFound();
      const hints = typeof rule.meta.hint === 'string' ? { all: rule.meta.hint } : rule.meta.hint;
      const data = {
        id: rule.id,
        label: rule.meta.label,
        meaning: rule.meta.description,
        where: { stage: rule.stage, ern_versions: rule.meta.versions, ...(rule.meta.requires ? { requires: rule.meta.requires } : {}), ...(rule.meta.storeOnly ? { store_only: true } : {}) },
        messages: rule.meta.messages,
        how_to_fix: hints,
        sources: rule.meta.sources,
        ...(rule.meta.replacedBy ? { replaced_by: rule.meta.replacedBy } : {}),
        docs: docsUrl(rule),
      };
      return { structured: { data }, text: `${rule.meta.label}: ${rule.meta.description} Fix: ${Object.values(hints)[0]}` };
    },
  },
  {
    name: 'list_members',
    title: 'List members',
    description: 'The account\'s members (artists and labels) with their release counts (GET /members).',
    scope: 'members:read',
    input: z.object({ kind: z.enum(['artist', 'label']).optional() }),
    output: listMembersRoute.success.schema,
    readOnly: true,
    async run(args, { ctx, caller, request }) {
      const answer = (await callRoute(listMembersRoute, ctx, caller, request, { query: queryOf(args, ['kind']) })) as { data: unknown[] };
      return { structured: answer, text: `${count(answer.data.length, 'member')}.` };
    },
  },
  {
    name: 'earnings_summary',
    title: 'Earnings summary',
    description: 'Revenue from committed statements by month, release or store over the last months (GET /earnings).',
    scope: 'earnings:read',
    input: z.object({ by: z.enum(['month', 'release', 'store']).optional(), months: z.number().int().min(1).max(60).optional() }),
    output: earningsRoute.success.schema,
    readOnly: true,
    async run(args, { ctx, caller, request }) {
      const answer = (await callRoute(earningsRoute, ctx, caller, request, { query: queryOf(args, ['by', 'months']) })) as { by: string; months: number; data: { amount_usd: string }[] };
      const cents = answer.data.reduce((sum, row) => sum + Math.round(Number(row.amount_usd) * 100), 0);
      return { structured: answer, text: `${(cents / 100).toFixed(2)} USD over ${answer.months} months, in ${count(answer.data.length, 'row')} by ${answer.by}.` };
    },
  },
  {
    name: 'payouts_summary',
    title: 'Payouts and balance',
    description: 'The balance in cents (earned, reserved, paid, available) and the payouts (GET /payouts).',
    scope: 'payouts:read',
    input: z.object({}),
    output: payoutsRoute.success.schema,
    readOnly: true,
    async run(_args, { ctx, caller, request }) {
      const answer = (await callRoute(payoutsRoute, ctx, caller, request, {})) as { balance: { available_cents?: number }; data: unknown[] };
      return { structured: answer, text: `Available: ${((answer.balance.available_cents ?? 0) / 100).toFixed(2)} USD; ${count(answer.data.length, 'payout')}.` };
    },
  },
];

/**
 * `--format sarif`: SARIF 2.1.0 for code scanning (GitHub, GitLab, Azure). One run for the whole
 * invocation; `tool.driver.rules` lists every active rule with its description, help text, help
 * URI (its README) and sources (`properties.sources`: DDEX clauses, standards, store pages),
 * results carry file, line and column. Skipped checks (e.g. no schema installed) are tool
 * notifications, not results: they are about the run, not the delivery.
 */
import { createHash } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import type { Check, Report } from '../types.js';
import { locateCheck } from './locations.js';
import { storeChecks } from './store-checks.js';
import type { Formatter, FormatterContext, FormatterRule } from './types.js';

const SCHEMA_URI = 'https://json.schemastore.org/sarif-2.1.0.json';

type Level = 'error' | 'warning' | 'note' | 'none';

function levelOf(check: Check): Level | null {
  if (check.status === 'error') return 'error';
  if (check.status === 'warning' || check.needs_staff) return 'warning';
  if (check.severity === 'info') return 'note';
  return null;
}

const SEVERITY_LEVEL: Record<FormatterRule['severity'], Level> = { error: 'error', warn: 'warning', info: 'note' };

function encodeUri(p: string): string {
  return p.split('/').map(encodeURIComponent).join('/');
}

/** Rules of the run: the active ones from the context, plus any rule a check names that the context lacks. */
function ruleTable(reports: Report[], ctx: FormatterContext): FormatterRule[] {
  const rules = new Map<string, FormatterRule>();
  for (const rule of ctx.rules ?? []) rules.set(rule.id, rule);
  for (const report of reports) {
    for (const check of [...report.checks, ...storeChecks(report).map((s) => s.check)]) {
      if (rules.has(check.rule)) continue;
      rules.set(check.rule, {
        id: check.rule,
        stage: check.stage,
        label: check.label,
        description: check.label,
        help: check.hint,
        severity: check.status === 'error' ? 'error' : check.severity === 'info' ? 'info' : 'warn',
      });
    }
  }
  return [...rules.values()].sort((a, b) => a.id.localeCompare(b.id));
}

function fingerprint(report: Report, check: Check, store?: string): string {
  // Stable across line shifts: where (file + DDEX path) and what (rule + message id), like the baseline; a store's finding is its own.
  return createHash('sha256')
    .update([report.source, check.file, check.rule, check.field, check.message_id ?? check.message, ...(store ? [store] : [])].join('\u0000'))
    .digest('hex')
    .slice(0, 32);
}

function result(report: Report, check: Check, level: Level, ruleIndex: number, ctx: FormatterContext, store?: { id: string; name: string }): object {
  const loc = locateCheck(report, check, ctx.cwd);
  const inZip = loc.entry !== undefined;
  const physicalLocation: Record<string, unknown> = { artifactLocation: { uri: encodeUri(loc.path), uriBaseId: '%SRCROOT%' } };
  // Lines inside a zip entry are not lines of the zip: keep them in the message and properties.
  if (check.line !== null && !inZip) {
    physicalLocation.region = { startLine: check.line, ...(check.column ? { startColumn: check.column } : {}) };
  }
  let text = store ? `[${store.name}] ${check.message}` : check.message;
  if (inZip) text += ` (in ${loc.entry}${check.line !== null ? `:${check.line}:${check.column ?? 0}` : ''})`;
  const location: Record<string, unknown> = { physicalLocation };
  if (check.field) location.logicalLocations = [{ fullyQualifiedName: check.field, kind: 'element' }];
  const properties: Record<string, unknown> = { stage: check.stage, verdict: report.verdict };
  if (store) Object.assign(properties, { store: store.id, requirement: check.requirement, store_verdict: report.stores?.[store.id]?.verdict });
  if (check.release) properties.release = check.release;
  if (check.resource) properties.resource = check.resource;
  if (check.needs_staff) properties.needs_staff = true;
  if (inZip) properties.entry = loc.entry;
  if (check.hint) properties.hint = check.hint;
  return {
    ruleId: check.rule,
    ruleIndex,
    level,
    message: { text },
    locations: [location],
    partialFingerprints: { 'ddexCheck/v1': fingerprint(report, check, store?.id) },
    properties,
  };
}

export const sarif: Formatter = (reports, ctx) => {
  const rules = ruleTable(reports, ctx);
  const index = new Map(rules.map((r, i) => [r.id, i]));
  const results: object[] = [];
  const notifications: object[] = [];
  for (const report of reports) {
    for (const check of report.checks) {
      if (check.status === 'skipped') {
        notifications.push({
          level: 'note',
          message: { text: `${report.source}${check.file ? ` › ${check.file}` : ''}: ${check.message}${check.hint ? ` (${check.hint})` : ''}` },
          associatedRule: { id: check.rule, index: index.get(check.rule) },
        });
        continue;
      }
      const level = levelOf(check);
      if (level) results.push(result(report, check, level, index.get(check.rule)!, ctx));
    }
    for (const { store, name, check } of storeChecks(report)) {
      const level = check.status === 'skipped' ? null : levelOf(check);
      if (level) results.push(result(report, check, level, index.get(check.rule)!, ctx, { id: store, name }));
    }
  }
  const driver: Record<string, unknown> = {
    name: ctx.tool.name,
    version: ctx.tool.version,
    semanticVersion: ctx.tool.version,
    rules: rules.map((rule) => ({
      id: rule.id,
      name: rule.label,
      shortDescription: { text: rule.label },
      fullDescription: { text: rule.description },
      help: { text: rule.help || rule.description },
      ...(rule.helpUri ? { helpUri: rule.helpUri } : {}),
      defaultConfiguration: { level: SEVERITY_LEVEL[rule.severity] },
      properties: { stage: rule.stage, ...(rule.sources?.length ? { sources: rule.sources } : {}) },
    })),
  };
  if (ctx.tool.informationUri) driver.informationUri = ctx.tool.informationUri;
  const log = {
    $schema: SCHEMA_URI,
    version: '2.1.0',
    runs: [
      {
        tool: { driver },
        invocations: [{ executionSuccessful: true, toolExecutionNotifications: notifications }],
        originalUriBaseIds: { '%SRCROOT%': { uri: pathToFileURL(ctx.cwd.endsWith('/') ? ctx.cwd : ctx.cwd + '/').href } },
        results,
      },
    ],
  };
  return JSON.stringify(log, null, 2) + '\n';
};

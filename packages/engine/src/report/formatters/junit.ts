/**
 * `--format junit`: one <testsuite> per input, one <testcase> per check (classname = stage.rule),
 * plus a `verdict` testcase. Checks at or above the fail threshold are <failure>s; findings below
 * it stay passing test cases with the finding in <system-out>; skipped checks are <skipped>.
 */
import type { Check, Report } from '../types.js';
import { locateCheck } from './locations.js';
import { checkFails, verdictFails } from './threshold.js';
import { storesOf } from './store-checks.js';
import { xmlAttr, xmlText } from './xml-text.js';
import type { Formatter, FormatterContext } from './types.js';

interface Case {
  xml: string;
  failed: boolean;
  skipped: boolean;
}

function where(report: Report, check: Check, ctx: FormatterContext): string {
  const loc = locateCheck(report, check, ctx.cwd);
  let text = loc.entry ? `${loc.path}!${loc.entry}` : loc.path;
  if (check.line !== null) text += `:${check.line}:${check.column ?? 0}`;
  return text;
}

function checkCase(report: Report, check: Check, ctx: FormatterContext, classPrefix = ''): Case {
  const place = where(report, check, ctx);
  const name = [place, check.field].filter(Boolean).join(' ') || check.label;
  const open = `    <testcase classname="${xmlAttr(`${classPrefix}${check.stage}.${check.rule}`)}" name="${xmlAttr(name)}" file="${xmlAttr(place.replace(/:\d+:\d+$/, ''))}"${check.line !== null ? ` line="${check.line}"` : ''}>`;
  const details = [check.message, check.field && `at ${check.field}`, check.release && `release ${check.release}`, check.hint && `hint: ${check.hint}`]
    .filter(Boolean)
    .join('\n');
  if (check.status === 'skipped') {
    return { xml: `${open}\n      <skipped message="${xmlAttr(check.message)}"/>\n    </testcase>`, failed: false, skipped: true };
  }
  if (checkFails(check, ctx.failOn)) {
    const type = check.status === 'error' ? 'error' : check.needs_staff ? 'needs_staff' : 'warning';
    return {
      xml: `${open}\n      <failure message="${xmlAttr(check.message)}" type="${type}">${xmlText(details)}</failure>\n    </testcase>`,
      failed: true,
      skipped: false,
    };
  }
  if (check.status === 'pass' && check.severity !== 'info' && !check.needs_staff) {
    return { xml: open.replace(/>$/, '/>'), failed: false, skipped: false };
  }
  const label = check.needs_staff ? 'needs staff' : check.status === 'warning' ? 'warning' : 'info';
  return { xml: `${open}\n      <system-out>${xmlText(`${label}: ${details}`)}</system-out>\n    </testcase>`, failed: false, skipped: false };
}

function suite(report: Report, ctx: FormatterContext): { xml: string; tests: number; failures: number; skipped: number } {
  const cases = report.checks.map((check) => checkCase(report, check, ctx));
  const baseFails = verdictFails(report.verdict, ctx.failOn);
  const verdictCase = `    <testcase classname="ddex-check.verdict" name="verdict">${
    baseFails ? `\n      <failure message="${xmlAttr(`${report.verdict} fails --fail-on ${ctx.failOn}`)}" type="verdict"/>\n    ` : ''
  }</testcase>`;
  cases.unshift({ xml: verdictCase, failed: baseFails, skipped: false });
  const failures = cases.filter((k) => k.failed).length;
  const skipped = cases.filter((k) => k.skipped).length;
  const properties = [
    ['verdict', report.verdict],
    ['ern_version', report.ern_version ?? ''],
    ['engine', report.engine.version],
    ['schema_engine', report.engine.schema_engine],
  ]
    .map(([k, v]) => `      <property name="${k}" value="${xmlAttr(v)}"/>`)
    .join('\n');
  const head =
    `  <testsuite name="${xmlAttr(report.source)}" tests="${cases.length}" failures="${failures}" errors="0" skipped="${skipped}"` +
    ` time="${(report.engine.duration_ms / 1000).toFixed(3)}" timestamp="${xmlAttr(report.engine.started_at.replace(/Z$/, ''))}">`;
  return {
    xml: [head, `    <properties>\n${properties}\n    </properties>`, ...cases.map((k) => k.xml), '  </testsuite>'].join('\n'),
    tests: cases.length,
    failures,
    skipped,
  };
}

/** One <testsuite> per asked store: its verdict, then its requirements' checks (classname `store.<id>.<stage>.<rule>`). */
function storeSuites(report: Report, ctx: FormatterContext): { xml: string; tests: number; failures: number; skipped: number }[] {
  return storesOf(report).map((store) => {
    const cases = store.checks.map((check) => checkCase(report, check, ctx, `store.${store.id}.`));
    const fails = verdictFails(store.verdict, ctx.failOn);
    const base = store.base_errors.length ? ` (base errors: ${store.base_errors.join(', ')})` : '';
    cases.unshift({
      xml: `    <testcase classname="store.${xmlAttr(store.id)}.verdict" name="verdict">${fails ? `\n      <failure message="${xmlAttr(`${store.name}: ${store.verdict} fails --fail-on ${ctx.failOn}${base}`)}" type="verdict"/>\n    ` : ''}</testcase>`,
      failed: fails,
      skipped: false,
    });
    const failures = cases.filter((k) => k.failed).length;
    const skipped = cases.filter((k) => k.skipped).length;
    const head = `  <testsuite name="${xmlAttr(`${report.source} [${store.name}]`)}" tests="${cases.length}" failures="${failures}" errors="0" skipped="${skipped}">`;
    return { xml: [head, `    <properties>\n      <property name="store" value="${xmlAttr(store.id)}"/>\n      <property name="verdict" value="${xmlAttr(store.verdict)}"/>\n    </properties>`, ...cases.map((k) => k.xml), '  </testsuite>'].join('\n'), tests: cases.length, failures, skipped };
  });
}

export const junit: Formatter = (reports, ctx) => {
  const suites = reports.flatMap((r) => [suite(r, ctx), ...storeSuites(r, ctx)]);
  const sum = (key: 'tests' | 'failures' | 'skipped') => suites.reduce((n, s) => n + s[key], 0);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="${xmlAttr(ctx.tool.name)}" tests="${sum('tests')}" failures="${sum('failures')}" errors="0" skipped="${sum('skipped')}">`,
    ...suites.map((s) => s.xml),
    '</testsuites>',
    '',
  ].join('\n');
};

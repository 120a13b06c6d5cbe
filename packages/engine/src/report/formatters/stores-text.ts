/**
 * The text formatter's store block: one table row per asked store (verdict, counts, the
 * requirements that decide it), then each store's findings with their requirement, place and hint.
 */
import type { ChalkInstance } from 'chalk';
import type { Report, Verdict } from '../types.js';
import { isFinding } from './threshold.js';
import { storesOf } from './store-checks.js';

function verdictColor(c: ChalkInstance, verdict: Verdict): (s: string) => string {
  return verdict === 'would_be_rejected' ? c.red : verdict === 'would_be_flagged' ? c.magenta : verdict === 'would_import_with_warnings' ? c.yellow : c.green;
}

export function storesBlock(c: ChalkInstance, report: Report): string[] {
  const stores = storesOf(report);
  if (stores.length === 0) return [];
  const rows = stores.map((s) => {
    const deciding = [...new Set(s.checks.filter((k) => k.status === 'error' || k.status === 'warning' || k.needs_staff).map((k) => k.requirement ?? k.rule))];
    if (s.base_errors.length) deciding.push(`base: ${s.base_errors.join(', ')}`);
    return [s.name, s.verdict, String(s.summary.errors), String(s.summary.warnings), String(s.summary.skipped), deciding.join(', ') || '-'];
  });
  const header = ['store', 'verdict', 'errors', 'warnings', 'skipped', 'decided by'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)));
  const cell = (text: string, i: number) => (i === header.length - 1 ? text : i >= 2 && i <= 4 ? text.padStart(widths[i]) : text.padEnd(widths[i]));
  const out = ['', '  ' + c.bold('stores'), '    ' + c.bold(header.map(cell).join('  '))];
  stores.forEach((s, n) => {
    const row = rows[n].map(cell);
    row[1] = verdictColor(c, s.verdict)(row[1]);
    out.push('    ' + row.join('  '));
  });
  for (const s of stores) {
    const findings = s.checks.filter(isFinding);
    if (findings.length === 0) continue;
    out.push('', '    ' + c.bold(s.name));
    for (const k of findings) {
      const status = k.status === 'error' ? c.red('error') : k.status === 'warning' ? c.yellow('warning') : k.status === 'skipped' ? c.gray('skipped') : c.blue('info');
      const place = [k.file, k.line !== null ? `${k.line}:${k.column ?? 0}` : ''].filter(Boolean).join(':');
      out.push(`      ${status}  ${k.message}  ${c.gray(`${k.requirement ?? ''} · ${k.rule}${place ? ` · ${place}` : ''}`)}`);
      if (k.hint) out.push(`        ${c.gray('hint: ' + k.hint)}`);
    }
  }
  return out;
}

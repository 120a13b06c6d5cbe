/** The readable form of `ddex-check diff`: header changes apart, then what changed in the content, in sentences. */
import type { DiffResult } from '@ddex-check/engine';

const show = (v: unknown) => (v === null || v === undefined ? 'none' : Array.isArray(v) ? v.join(', ') || 'none' : String(v));

export function diffText(d: DiffResult & { old: string; new: string }): string {
  const lines = [`${d.old} (ERN ${d.old_version}) -> ${d.new} (ERN ${d.new_version})`];
  if (d.header.length) {
    lines.push('', 'header (not content):');
    for (const h of d.header) lines.push(`  ${h.field}: ${show(h.old)} -> ${show(h.new)}`);
  }
  lines.push('');
  if (d.changes.length === 0) {
    lines.push('no change of content (releases, resources, deals and parties matched by their identifiers)');
    return lines.join('\n') + '\n';
  }
  lines.push('changes:');
  for (const n of d.summary.notes) lines.push(`  - ${n}`);
  const s = d.summary;
  const tally = (what: string, t: { added: number; removed: number; changed: number }) => `${what} ${t.added} added, ${t.removed} removed, ${t.changed} changed`;
  lines.push('', `${s.changes} change${s.changes === 1 ? '' : 's'}: ${tally('releases', s.releases)}; ${tally('resources', s.resources)}; ${tally('parties', s.parties)}`);
  return lines.join('\n') + '\n';
}

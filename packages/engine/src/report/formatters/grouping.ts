/**
 * How a report's checks are laid out for a person: by message file, then by release (checks about
 * the whole message first), with identical skips merged. The text formatter prints this layout and
 * the server's report page shows the same one, so the two read alike.
 */
import type { Check, Report } from '../types.js';

/** Which message file a check belongs under: its own file, or for a media file the message of its release. */
function ownerFile(report: Report, check: Check, messageFiles: Set<string>): string {
  if (messageFiles.has(check.file) || check.release === null) return check.file;
  const owners = new Set(report.releases.filter((r) => r.reference === check.release).map((r) => r.file));
  return owners.size === 1 ? [...owners][0] : check.file;
}

export interface CheckGroup {
  file: string;
  /** '' for checks about the whole message (no release). */
  byRelease: Map<string, Check[]>;
}

export function groupChecks(report: Report, checks: Check[]): CheckGroup[] {
  const messageFiles = new Set(report.messages.map((m) => m.file));
  const groups = new Map<string, CheckGroup>();
  for (const check of checks) {
    const file = ownerFile(report, check, messageFiles);
    let group = groups.get(file);
    if (!group) groups.set(file, (group = { file, byRelease: new Map() }));
    const key = check.release ?? '';
    const list = group.byRelease.get(key) ?? [];
    list.push(check);
    group.byRelease.set(key, list);
  }
  // Batch-level findings first, then files in order of appearance; message-level before releases.
  const ordered = [...groups.values()].sort((a, b) => (a.file === '' ? -1 : b.file === '' ? 1 : 0));
  for (const g of ordered) {
    const noRelease = g.byRelease.get('');
    if (noRelease) {
      g.byRelease.delete('');
      g.byRelease = new Map([['', noRelease], ...g.byRelease]);
    }
  }
  return ordered;
}

/**
 * Skipped checks that say the same thing (three file checks of a lone message: "files not at
 * hand") print once, naming every rule.
 */
export function mergeSkips(checks: Check[]): Check[] {
  const merged: Check[] = [];
  const bySentence = new Map<string, Check>();
  for (const check of checks) {
    if (check.status !== 'skipped' || check.line !== null) {
      merged.push(check);
      continue;
    }
    const key = `${check.file}\u0000${check.message}\u0000${check.hint}`;
    const seen = bySentence.get(key);
    if (seen) seen.rule += `, ${check.rule}`;
    else {
      const copy = { ...check };
      bySentence.set(key, copy);
      merged.push(copy);
    }
  }
  return merged;
}

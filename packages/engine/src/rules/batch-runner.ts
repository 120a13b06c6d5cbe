/**
 * Batch-level rules (`checkBatch`): run once per delivery after every message and the media were
 * read, e.g. files no message references. Same severity, messages and failure handling as the
 * per-message dispatcher.
 */
import type { Batch } from '../batch/types.js';
import type { ErnMessage } from '../ern/model.js';
import type { MediaAccess } from '../media/types.js';
import type { Profile } from '../profile/types.js';
import type { ReadMessage } from '../report/build.js';
import type { Check } from '../report/types.js';
import type { ActiveRule } from './severity.js';
import { EngineChecks } from './checks.js';

export interface BatchRun {
  batch: Batch;
  messages: readonly ReadMessage[];
  media: MediaAccess | null;
  active: readonly ActiveRule[];
  profile: Profile;
}

/** Runs every active rule's `checkBatch` once; a rule that finds nothing passes, one that throws is skipped. */
export async function runBatchRules({ batch, messages, media, active, profile }: BatchRun): Promise<Check[]> {
  const read = messages.filter((m): m is ReadMessage & { message: ErnMessage } => m.message !== null).map((m) => ({ file: m.file, message: m.message }));
  const out: Check[] = [];
  for (const entry of active) {
    if (!entry.rule.checkBatch) continue;
    const found: Check[] = [];
    const engine = new EngineChecks([entry]);
    try {
      await entry.rule.checkBatch({
        ruleId: entry.rule.id,
        batch,
        messages: read,
        media,
        profile: entry.profile ?? profile,
        options: entry.options,
        report(descriptor) {
          const check = engine.finding(entry.rule.id, { ...descriptor, file: descriptor.file ?? '' });
          if (check) found.push(descriptor.needsStaff ? { ...check, needs_staff: true } : check);
        },
        skip(descriptor) {
          const check = engine.skipped(entry.rule.id, { ...descriptor, file: descriptor.file ?? '' });
          if (check) found.push(check);
        },
      });
    } catch (error) {
      found.push({ ...storeFields(entry), stage: entry.rule.stage, rule: entry.rule.id, label: entry.rule.meta.label, status: 'skipped', message: `rule ${entry.rule.id} failed internally and was skipped: ${(error as Error).message}`, field: '', line: null, column: null, file: '', release: null, hint: 'This is a bug in ddex-check, not in the delivery; please report it.' });
    }
    out.push(...(found.length ? found : [{ ...storeFields(entry), stage: entry.rule.stage, rule: entry.rule.id, label: entry.rule.meta.label, status: 'pass' as const, message: entry.rule.meta.description, field: '', line: null, column: null, file: '', release: null, hint: '' }]));
  }
  return out;
}

function storeFields(entry: ActiveRule): { store?: string; requirement?: string } {
  return entry.store ? { store: entry.store.id, requirement: entry.store.requirement } : {};
}

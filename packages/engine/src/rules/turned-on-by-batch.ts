/** Rules that are off in the presets and that a run turns on because of what the batch is. */
import { RULES } from './registry.js';
import type { ActiveRule } from './severity.js';
import type { ValidateOptions } from '../options.js';

export const MEASURED_RULE = 'audio-loudness-measured';
export const MANIFEST_RULE = 'package-manifest-consistent';

/**
 * Rules off in the presets that the batch itself turns on, unless the configuration names them:
 * the audio measurements when audio is measured (info), the manifest check when the batch's
 * BatchComplete file is an XML manifest (its default severity).
 */
export function withRulesOfTheBatch(active: ActiveRule[], wanted: Record<string, boolean>, configured: ValidateOptions['rules']): ActiveRule[] {
  const added: ActiveRule[] = [];
  for (const [id, on] of Object.entries(wanted)) {
    if (!on || configured?.[id] !== undefined) continue;
    const rule = RULES.find((r) => r.id === id);
    if (rule) added.push({ rule, severity: id === MEASURED_RULE ? 'info' : rule.meta.severity, options: {} });
  }
  return added.length ? [...active, ...added] : active;
}


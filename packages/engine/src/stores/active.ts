/**
 * Turns the asked stores' requirements into active rules of the run: each requirement is one more
 * instance of its rule (its options, its store's profile, its severity), tagged with the store so
 * its checks land in `report.stores` and never in the base checks.
 */
import type { Rule } from '../rules/define.js';
import { ConfigError, type ActiveRule } from '../rules/severity.js';
import type { Profile } from '../profile/types.js';
import type { ProfilePatch, StoreProfile } from './types.js';
import { STORES } from './registry.js';

/** The store profiles for ids (`['spotify','youtube']`); throws ConfigError naming an unknown id. */
export function storesOf(ids: readonly string[]): StoreProfile[] {
  const out: StoreProfile[] = [];
  for (const raw of ids) {
    const id = raw.trim().toLowerCase();
    if (!id) continue;
    const store = STORES.find((s) => s.id === id);
    if (!store) throw new ConfigError(`unknown store "${raw}" (known: ${STORES.map((s) => s.id).join(', ')})`, 'stores');
    if (!out.includes(store)) out.push(store);
  }
  return out;
}

export function applyPatch(base: Profile, patch: ProfilePatch | undefined): Profile {
  if (!patch) return base;
  const out: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(patch)) {
    const current = (base as unknown as Record<string, unknown>)[key];
    out[key] = value && typeof value === 'object' && !Array.isArray(value) && current && typeof current === 'object' ? { ...current, ...value } : value;
  }
  return out as unknown as Profile;
}

/** One active rule per requirement of each store, in store then requirement order. */
export function storeRules(stores: readonly StoreProfile[], rules: readonly Rule[], profile: Profile): ActiveRule[] {
  const byId = new Map(rules.map((r) => [r.id, r]));
  const out: ActiveRule[] = [];
  for (const store of stores) {
    for (const requirement of store.requirements) {
      const rule = byId.get(requirement.rule);
      if (!rule) throw new ConfigError(`store ${store.id}: requirement ${requirement.id} names unknown rule "${requirement.rule}"`, 'stores');
      out.push({
        rule,
        severity: requirement.severity ?? rule.meta.severity,
        options: requirement.options ?? {},
        store: { id: store.id, requirement: requirement.id },
        ...(requirement.profile ? { profile: applyPatch(profile, requirement.profile) } : {}),
      });
    }
  }
  return out;
}

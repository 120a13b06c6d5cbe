/** Collects every territory code element of a message (release, resource and deal territory lists) with its location. */
import type { FindingLocation, KeptList, RuleContext, RuleHandlers } from '../define.js';
import type { ClosedElement } from '../../xml/events.js';
import { locate } from '../../xml/pass-events.js';
import { avsOnceLoaded } from '../../avs/rule-access.js';
import type { AllowedValues } from '../../avs/allowed-values.js';

export interface TerritoryCodeFound {
  code: string;
  element: string;
  /** Where the code is (not the element: one kept past its close keeps its ancestors too). */
  loc: FindingLocation;
  release: string | null;
}

/**
 * The codes met, in the rule's kept list (as bytes for a large message: a catalog message has a
 * deal or two per track): every code until the allowed values are loaded, then only those
 * `suspect` says the rule may report (most codes of a message are current ones, kept by none).
 */
export function territoryCollector(ctx: RuleContext, suspect: (code: string, avs: AllowedValues) => boolean): { handlers: RuleHandlers; found: KeptList<TerritoryCodeFound> } {
  const found = ctx.keptList<TerritoryCodeFound>();
  const avs = avsOnceLoaded(ctx);
  const take = (element: string) => (el: ClosedElement) => {
    if (el.text === '') return;
    const known = avs();
    if (known && !suspect(el.text, known)) return;
    found.push({ code: el.text, element, loc: locate(el), release: ctx.currentRelease() });
  };
  return { handlers: { TerritoryCode: take('TerritoryCode'), ExcludedTerritoryCode: take('ExcludedTerritoryCode') }, found };
}

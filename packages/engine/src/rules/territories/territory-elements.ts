/** Collects every territory code element of a message (release, resource and deal territory lists) with its location. */
import type { FindingLocation, KeptList, RuleContext, RuleHandlers } from '../define.js';
import type { ClosedElement } from '../../xml/events.js';
import { locate } from '../../xml/pass-events.js';

export interface TerritoryCodeFound {
  code: string;
  element: string;
  /** Where the code is (not the element: one kept past its close keeps its ancestors too). */
  loc: FindingLocation;
  release: string | null;
}

/** Every code met, in the rule's kept list (as bytes for a large message: a catalog message has a deal or two per track). */
export function territoryCollector(ctx: RuleContext): { handlers: RuleHandlers; found: KeptList<TerritoryCodeFound> } {
  const found = ctx.keptList<TerritoryCodeFound>();
  const take = (element: string) => (el: ClosedElement) => {
    if (el.text !== '') found.push({ code: el.text, element, loc: locate(el), release: ctx.currentRelease() });
  };
  return { handlers: { TerritoryCode: take('TerritoryCode'), ExcludedTerritoryCode: take('ExcludedTerritoryCode') }, found };
}

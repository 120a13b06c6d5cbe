/** Collects every territory code element of a message (release, resource and deal territory lists) with its location. */
import type { RuleHandlers } from '../define.js';
import type { ClosedElement } from '../../xml/events.js';
export interface TerritoryCodeFound {
    code: string;
    element: string;
    el: ClosedElement;
    release: string | null;
}
export declare function territoryCollector(currentRelease: () => string | null): {
    handlers: RuleHandlers;
    found: TerritoryCodeFound[];
};
//# sourceMappingURL=territory-elements.d.ts.map
/**
 * `DealList/ReleaseDeal`: its `DealReleaseReference`s apply to every `Deal` in it. DealTerms in both
 * families: 3.x puts UseType and DistributionChannelType in `Usage`, 4.x writes UseType directly.
 * AVS escapes (`<CommercialModelType UserDefinedValue="X">UserDefined</...>`) keep the text
 * (`UserDefined`). 3.x `EffectiveDate` follows the deals, so it is copied when ReleaseDeal closes.
 */
import type { OpenElement } from '../xml/events.js';
import type { ErnMessage } from './model.js';
import { type Dispatcher } from './dispatch.js';
/** Opens a `ReleaseDeal` scope. The deals share the ReleaseDeal's reference list. */
export declare function openReleaseDeal(el: OpenElement, d: Dispatcher, message: ErnMessage): void;
//# sourceMappingURL=deals.d.ts.map
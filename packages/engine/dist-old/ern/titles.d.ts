/**
 * Titles: 3.x `ReferenceTitle` / `Title[@TitleType]` and 4.x `DisplayTitle` / `AdditionalTitle`
 * (each with TitleText + SubTitle), and the 4.x leaf `DisplayTitleText`.
 */
import type { ClosedElement, OpenElement } from '../xml/events.js';
import type { Title } from './model.js';
import { type Dispatcher } from './dispatch.js';
/** Opens a title scope on `el`; the finished title is handed to `add`. `territory` overrides `@ApplicableTerritoryCode` (3.x blocks). */
export declare function openTitle(el: OpenElement, d: Dispatcher, type: string | null, add: (t: Title) => void, territory?: string | null): void;
/** 4.x `DisplayTitleText`: the whole title in one leaf. */
export declare function leafTitle(el: ClosedElement): Title;
//# sourceMappingURL=titles.d.ts.map
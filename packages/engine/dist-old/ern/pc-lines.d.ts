/** P-lines and C-lines: `Year?`, `PLineCompany?`/`CLineCompany?`, `PLineText`/`CLineText` (all versions). */
import type { OpenElement } from '../xml/events.js';
import type { PcLine } from './model.js';
import { type Dispatcher } from './dispatch.js';
export declare function openPcLine(el: OpenElement, d: Dispatcher, kind: 'P' | 'C', add: (l: PcLine) => void): void;
export declare function samePcLine(a: PcLine, b: PcLine): boolean;
//# sourceMappingURL=pc-lines.d.ts.map
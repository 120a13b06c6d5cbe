/**
 * Small converters from element events to model values: located strings, positions, and lenient
 * number / boolean parsing (bad text gives null, never an exception: rules report it, the reader
 * only records what is there).
 */
import type { OpenElement, Position } from '../xml/events.js';
import type { Located } from './model.js';
export type Loc = Position & {
    path: string;
};
export declare function located(el: OpenElement, value: string): Located;
export declare function locOf(el: OpenElement): Loc;
/** An integer written as such (`2`, ` 16 `); null otherwise (`2.0` is accepted, `stereo` is not). */
export declare function toInt(text: string | undefined): number | null;
export declare function toNumber(text: string | undefined): number | null;
/** xs:boolean: `true`/`1`, `false`/`0`; anything else is null. */
export declare function toBool(text: string | undefined): boolean | null;
/** 1-based position of an element among same-named siblings, read from its indexed path (`.../ResourceGroup[2]`). */
export declare function siblingIndex(path: string): number;
export declare function pushUnique(list: string[], value: string): void;
//# sourceMappingURL=values.d.ts.map
export declare function nearestValues(value: string, candidates: Iterable<string>, count?: number): string[];
/** ` (did you mean "A", "B"?)`, or '' when nothing is close. */
export declare function didYouMean(value: string, candidates: Iterable<string>): string;
//# sourceMappingURL=nearest.d.ts.map
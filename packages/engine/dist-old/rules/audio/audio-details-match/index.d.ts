/** SamplingRate units are unreliable (44.1 with kHz, 44100 with or without a unit): below 1000 it is kHz. */
export declare function declaredHz(rate: {
    value: number;
    unit: string | null;
} | null): number | null;
declare const _default: import("../../define.js").Rule;
export default _default;
//# sourceMappingURL=index.d.ts.map
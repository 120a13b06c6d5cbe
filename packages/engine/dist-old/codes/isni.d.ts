export type IsniProblem = {
    kind: 'syntax';
} | {
    kind: 'checkChar';
    expected: string;
    found: string;
};
/** Spaces (the display form `0000 0001 2103 2683`) are tolerated; anything else must be exact. */
export declare function isniProblem(value: string): IsniProblem | null;
//# sourceMappingURL=isni.d.ts.map
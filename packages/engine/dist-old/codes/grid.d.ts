export type GridProblem = {
    kind: 'syntax';
} | {
    kind: 'checkChar';
    expected: string;
    found: string;
};
export declare function gridProblem(value: string): GridProblem | null;
//# sourceMappingURL=grid.d.ts.map
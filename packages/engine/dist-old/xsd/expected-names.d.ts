/** Wording of element names and "expected ..." lists in schema messages. */
/** `{ns}Name` -> `Name (namespace ns)`; unqualified names unchanged. */
export declare function keyLabel(key: string): string;
/** "A", "A or B", "A, B or C"; long lists are cut after eight names. */
export declare function describeExpected(names: string[]): string;
//# sourceMappingURL=expected-names.d.ts.map
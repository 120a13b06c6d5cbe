export declare function checkAgainst(name: string, schema: object, value: unknown, file: string, prefix: string): void;
//# sourceMappingURL=check-schema.d.ts.map
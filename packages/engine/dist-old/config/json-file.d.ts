export declare function readJsonFile(file: string, what: string): Promise<unknown>;
//# sourceMappingURL=json-file.d.ts.map
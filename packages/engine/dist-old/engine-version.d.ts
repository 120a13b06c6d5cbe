export declare const ENGINE_VERSION: string;
//# sourceMappingURL=engine-version.d.ts.map
/** A configuration problem, naming the file and the key at fault (`rules.codes-isrc-syntax`); the CLI exits 2 on it. */
export declare class ConfigFileError extends Error {
    readonly file: string;
    /** Dotted key path inside the file, '' for the whole file. */
    readonly key: string;
    constructor(message: string, file: string, 
    /** Dotted key path inside the file, '' for the whole file. */
    key: string);
    /** `ddex-check.config.json: rules.foo: unknown rule "foo"`. */
    describe(): string;
}
//# sourceMappingURL=errors.d.ts.map
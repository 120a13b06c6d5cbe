/** A configuration problem, naming the file and the key at fault (`rules.codes-isrc-syntax`); the CLI exits 2 on it. */
export class ConfigFileError extends Error {
    file;
    key;
    constructor(message, file, 
    /** Dotted key path inside the file, '' for the whole file. */
    key) {
        super(message);
        this.file = file;
        this.key = key;
        this.name = 'ConfigFileError';
    }
    /** `ddex-check.config.json: rules.foo: unknown rule "foo"`. */
    describe() {
        return [this.file, this.key, this.message].filter(Boolean).join(': ');
    }
}
//# sourceMappingURL=errors.js.map
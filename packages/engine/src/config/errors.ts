/** A configuration problem, naming the file and the key at fault (`rules.codes-isrc-syntax`); the CLI exits 2 on it. */
export class ConfigFileError extends Error {
  constructor(
    message: string,
    readonly file: string,
    /** Dotted key path inside the file, '' for the whole file. */
    readonly key: string,
  ) {
    super(message);
    this.name = 'ConfigFileError';
  }

  /** `ddex-check.config.json: rules.foo: unknown rule "foo"`. */
  describe(): string {
    return [this.file, this.key, this.message].filter(Boolean).join(': ');
  }
}

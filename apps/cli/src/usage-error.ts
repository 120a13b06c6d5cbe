/** A mistake in how the CLI was called (bad option value, missing input, bad config): exit code 2. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

export const EXIT = { ok: 0, findings: 1, usage: 2 } as const;

/**
 * An admin command refused what it was asked (exit 2, the message on stderr). The functions that
 * throw it also serve the dashboard, which shows the message; `code` names a refusal the spec gives
 * a code of its own (test_keys_retired).
 */
export class AdminError extends Error {
  constructor(
    message: string,
    readonly code: string = 'invalid',
  ) {
    super(message);
  }
}

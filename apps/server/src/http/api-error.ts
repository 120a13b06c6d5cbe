/**
 * Errors of the API (spec section 7): a status, a stable `code`, human `error` text, and the
 * extra fields some codes carry (`field` with invalid, `scope` with insufficient_scope).
 */
export type ErrorCode =
  | 'invalid'
  | 'unauthenticated'
  | 'invalid_key'
  /** 401: an MCP OAuth access token that is unknown, expired, revoked or for another resource (RFC 6750 3.1). */
  | 'invalid_token'
  | 'key_revoked'
  | 'key_expired'
  | 'test_keys_retired'
  | 'insufficient_scope'
  | 'account_inactive'
  | 'api_not_in_plan'
  | 'not_found'
  | 'rate_limited'
  | 'server_error'
  | 'too_large'
  | 'busy'
  | 'exists'
  | 'invalid_url'
  | 'too_many'
  | 'endpoint_disabled'
  | 'upload_incomplete'
  | 'already_committed'
  | 'commit_in_progress'
  /** 403: a part URL whose signature does not hold or has expired (README). */
  | 'url_refused'
  /** 408: the body stopped arriving, or arrived far slower than any real client (README "Choices"). */
  | 'request_timeout'
  /** 431: the request's headers (the request line and query included) are over 16 KB. */
  | 'headers_too_large'
  /** 410: /api/v1 on the platform's hosts after its sunset (spec 9.2; http/legacy-base.ts). */
  | 'base_retired'
  /** 401: the dashboard session's cookie names a session that ended or expired. */
  | 'session_ended'
  /** 403: a dashboard form or call without its session's CSRF token, or from another origin. */
  | 'csrf_refused'
  /** 429: too many failed sign-ins for an email or from an address. */
  | 'sign_in_locked';

export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly extra: Record<string, unknown> = {},
    /** Headers to send with the answer (Retry-After). */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }

  body(): Record<string, unknown> {
    return { error: this.message, code: this.code, ...this.extra };
  }
}

export const invalid = (field: string, message: string) => new ApiError(400, 'invalid', message, { field });
export const notFound = () => new ApiError(404, 'not_found', 'Not found.');

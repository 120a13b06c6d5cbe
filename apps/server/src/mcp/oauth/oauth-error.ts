/**
 * Errors of the authorization server, in OAuth's own shape (RFC 6749 5.2, RFC 7591 3.2.2,
 * RFC 8707 2): `{error, error_description}` with the status the RFC gives, never the API's
 * `{error, code}` body, since OAuth clients (the SDK's among them) read these fields.
 */
import type { FastifyReply } from 'fastify';

export type OAuthErrorCode =
  | 'invalid_request'
  | 'invalid_client'
  | 'invalid_grant'
  | 'unauthorized_client'
  | 'unsupported_grant_type'
  | 'invalid_scope'
  | 'invalid_target'
  | 'access_denied'
  | 'unsupported_response_type'
  | 'invalid_redirect_uri'
  | 'invalid_client_metadata'
  | 'server_error';

export class OAuthFailure extends Error {
  constructor(
    readonly code: OAuthErrorCode,
    message: string,
    readonly status = code === 'invalid_client' ? 401 : code === 'server_error' ? 500 : 400,
  ) {
    super(message);
  }
}

export function sendOAuthError(reply: FastifyReply, error: OAuthFailure) {
  return reply.code(error.status).header('cache-control', 'no-store').send({ error: error.code, error_description: error.message });
}

/** Runs an endpoint, answering an OAuthFailure in OAuth's shape; anything else goes to the server's error handler. */
export async function oauthEndpoint(reply: FastifyReply, run: () => Promise<unknown>): Promise<unknown> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof OAuthFailure) return sendOAuthError(reply, error);
    throw error;
  }
}

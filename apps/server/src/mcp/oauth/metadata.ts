/**
 * Discovery documents. RFC 8414 authorization server metadata (issuer {mcp_url}), served at
 * {mcp_url}/.well-known/oauth-authorization-server (spec 5.10) and at the issuer's RFC 8414 3.1
 * location, `/.well-known/oauth-authorization-server/v1/mcp`. RFC 9728 protected resource metadata
 * for {mcp_url} and {legacy_mcp_url}, both naming this one authorization server.
 */
import { SCOPES } from '../../auth/api-keys.js';
import { OAUTH_PATHS, type McpUrls } from '../urls.js';

export function authorizationServerMetadata(urls: McpUrls) {
  return {
    issuer: urls.mcp,
    authorization_endpoint: urls.origin + OAUTH_PATHS.authorize,
    token_endpoint: urls.origin + OAUTH_PATHS.token,
    registration_endpoint: urls.origin + OAUTH_PATHS.register,
    revocation_endpoint: urls.origin + OAUTH_PATHS.revoke,
    scopes_supported: [...SCOPES],
    response_types_supported: ['code'],
    response_modes_supported: ['query'],
    grant_types_supported: ['authorization_code', 'refresh_token'],
    token_endpoint_auth_methods_supported: ['none'],
    revocation_endpoint_auth_methods_supported: ['none'],
    code_challenge_methods_supported: ['S256'],
    // RFC 9207: the authorization response names its issuer.
    authorization_response_iss_parameter_supported: true,
    client_id_metadata_document_supported: true,
    service_documentation: `${urls.origin}/v1/openapi.json`,
  };
}

export function protectedResourceMetadata(urls: McpUrls, resource: string) {
  return {
    resource,
    authorization_servers: [urls.mcp],
    scopes_supported: [...SCOPES],
    bearer_methods_supported: ['header'],
    resource_name: 'ddex-check MCP server',
  };
}

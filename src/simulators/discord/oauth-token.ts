import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SimulatorContext } from './context.js';
import { OAuthError } from './discord-errors.js';
import { formFields } from './form-body.js';
import { ACCESS_TOKEN_TTL_SECONDS } from './oauth-store.js';
import type { Grant } from './oauth-store.js';

/**
 * `POST /api[/v10]/oauth2/token` and `…/token/revoke` (discord-reference §5). Form bodies only; the client
 * authenticates with HTTP Basic (what arctic sends) or with client_id/client_secret form fields.
 */

function decodeFormComponent(value: string): string {
  // RFC 6749 §2.3.1: Basic credentials are form-encoded before base64.
  try {
    return decodeURIComponent(value.replaceAll('+', ' '));
  } catch {
    return value;
  }
}

function clientCredentials(
  request: FastifyRequest,
  fields: Record<string, string>,
): { id: string; secret: string | undefined; basic: boolean } | undefined {
  const header = request.headers.authorization;
  if (header !== undefined) {
    const match = /^Basic\s+(\S+)$/i.exec(header.trim());
    if (!match?.[1]) return undefined;
    const decoded = Buffer.from(match[1], 'base64').toString('utf8');
    const separator = decoded.indexOf(':');
    if (separator < 0) return undefined;
    return {
      id: decodeFormComponent(decoded.slice(0, separator)),
      secret: decodeFormComponent(decoded.slice(separator + 1)),
      basic: true,
    };
  }
  if (fields.client_id === undefined) return undefined;
  return { id: fields.client_id, secret: fields.client_secret, basic: false };
}

function authenticateClient(
  request: FastifyRequest,
  reply: FastifyReply,
  fields: Record<string, string>,
  context: SimulatorContext,
): string {
  const credentials = clientCredentials(request, fields);
  if (credentials?.id !== context.app.clientId || credentials.secret !== context.app.clientSecret) {
    if (credentials?.basic === true) reply.header('www-authenticate', 'Basic realm="discord"');
    throw new OAuthError(401, 'invalid_client', 'Client authentication failed.');
  }
  return credentials.id;
}

function tokenResponse(reply: FastifyReply, grant: Grant): FastifyReply {
  return reply
    .header('cache-control', 'no-store')
    .header('pragma', 'no-cache')
    .send({
      access_token: grant.accessToken,
      token_type: 'Bearer',
      expires_in: ACCESS_TOKEN_TTL_SECONDS,
      refresh_token: grant.refreshToken,
      scope: grant.scopes.join(' '),
    });
}

function requireField(fields: Record<string, string>, name: string): string {
  const value = fields[name];
  if (value === undefined || value === '')
    throw new OAuthError(400, 'invalid_request', `Missing "${name}" in request.`);
  return value;
}

async function exchangeToken(
  request: FastifyRequest,
  reply: FastifyReply,
  context: SimulatorContext,
): Promise<FastifyReply> {
  const fields = formFields(request);
  const grantType = fields.grant_type;
  // Discord checks grant_type first, which is why a JSON body (no form fields) reports unsupported_grant_type.
  if (grantType !== 'authorization_code' && grantType !== 'refresh_token') {
    throw new OAuthError(400, 'unsupported_grant_type', 'Unsupported grant type');
  }
  const clientId = authenticateClient(request, reply, fields, context);
  if (grantType === 'authorization_code') {
    const result = context.state.oauth.redeemCode({
      code: requireField(fields, 'code'),
      clientId,
      redirectUri: fields.redirect_uri,
      codeVerifier: fields.code_verifier,
    });
    if (!result.ok) throw new OAuthError(400, result.error, result.description);
    return tokenResponse(reply, result.grant);
  }
  const grant = context.state.oauth.refresh(requireField(fields, 'refresh_token'), clientId);
  if (!grant) throw new OAuthError(400, 'invalid_grant', 'Invalid "refresh_token" in request.');
  return tokenResponse(reply, grant);
}

async function revokeToken(
  request: FastifyRequest,
  reply: FastifyReply,
  context: SimulatorContext,
): Promise<FastifyReply> {
  const fields = formFields(request);
  const clientId = authenticateClient(request, reply, fields, context);
  // RFC 7009 §2.2: an unknown token is not an error; revoking one token revokes the whole authorization.
  context.state.oauth.revoke(requireField(fields, 'token'), clientId);
  return reply.header('cache-control', 'no-store').send({});
}

export function registerTokenRoutes(instance: FastifyInstance, context: SimulatorContext): void {
  for (const base of ['/api', '/api/v10']) {
    instance.post(`${base}/oauth2/token`, (request, reply) => exchangeToken(request, reply, context));
    instance.post(`${base}/oauth2/token/revoke`, (request, reply) => revokeToken(request, reply, context));
  }
}

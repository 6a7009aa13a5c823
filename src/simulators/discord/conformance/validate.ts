import { RatelimitedResponseSchema } from 'discord-api-spec/zod';
import * as z from 'zod/mini';
import type { ZodMiniType } from 'zod/mini';
import {
  INVALID_FORM_BODY_STRING_ERROR_CODES,
  MEDIA_CHANNELS_IN_CHANNEL_LIST,
  OAUTH_TOKEN_SCHEMAS,
} from './allowances.js';
import { publishedResponse } from './published-schemas.js';

/** Where a route's responses are described: Discord's OpenAPI path, or the OAuth2 token endpoints it leaves out. */
export type ResponseContract =
  { kind: 'published'; method: string; path: string } | { kind: 'oauth-token' } | { kind: 'oauth-revoke' };

type Issue = z.core.$ZodIssue;

/** A branch refused for its kind (null instead of an array, another `type` discriminator) is not the one meant. */
function isOtherKind(issues: readonly Issue[]): boolean {
  return issues.some(
    (issue) =>
      (issue.code === 'invalid_type' && issue.path.length === 0) ||
      (issue.code === 'invalid_value' && issue.path.length === 1 && issue.path[0] === 'type'),
  );
}

/** A union's failure is told by its closest branch (of the right kind, fewest issues), so the message names the field. */
function flatten(issues: readonly Issue[], prefix: PropertyKey[] = []): string[] {
  return issues.flatMap((issue) => {
    const path = [...prefix, ...issue.path];
    if (issue.code === 'invalid_union' && issue.errors.length > 0) {
      const rank = (branch: readonly Issue[]) => (isOtherKind(branch) ? Number.MAX_SAFE_INTEGER : branch.length);
      const closest = [...issue.errors].sort((a, b) => rank(a) - rank(b))[0] ?? [];
      if (closest.length > 0) return flatten(closest, path);
    }
    return [`${path.map(String).join('.') || '(body)'}: ${issue.message} [${issue.code}]`];
  });
}

function describeIssues(schema: ZodMiniType, body: unknown): string | undefined {
  const result = z.safeParse(schema, body);
  if (result.success) return undefined;
  const issues = flatten(result.error.issues);
  const more = issues.length > 8 ? ` (+${issues.length - 8} more)` : '';
  return issues.slice(0, 8).join('; ') + more;
}

function oauthSchema(contract: ResponseContract, status: number): ZodMiniType | undefined {
  if (status === 429) return RatelimitedResponseSchema;
  if (status === 400 || status === 401) return OAUTH_TOKEN_SCHEMAS.error;
  if (status !== 200) return undefined;
  return contract.kind === 'oauth-token' ? OAUTH_TOKEN_SCHEMAS.token : OAUTH_TOKEN_SCHEMAS.revoke;
}

/** Why the response breaks its contract, or undefined when it conforms. */
export function conformanceFailure(contract: ResponseContract, status: number, rawBody: string): string | undefined {
  if (status === 204) return rawBody === '' ? undefined : `204 with a body: ${rawBody.slice(0, 80)}`;
  let body: unknown;
  try {
    body = JSON.parse(rawBody);
  } catch {
    return `not JSON: ${rawBody.slice(0, 80)}`;
  }
  if (contract.kind !== 'published') {
    const schema = oauthSchema(contract, status);
    return schema === undefined
      ? `status ${status} is not an answer of the token endpoint`
      : describeIssues(schema, body);
  }
  if (INVALID_FORM_BODY_STRING_ERROR_CODES.appliesTo(status, body))
    return describeIssues(INVALID_FORM_BODY_STRING_ERROR_CODES.schema, body);
  const published = publishedResponse(contract.method, contract.path, status);
  if (!published) return `the description declares no ${status} for ${contract.method.toUpperCase()} ${contract.path}`;
  if (MEDIA_CHANNELS_IN_CHANNEL_LIST.appliesTo(contract.method, contract.path, status) && Array.isArray(body)) {
    const media = body.filter(MEDIA_CHANNELS_IN_CHANNEL_LIST.isMediaChannel);
    const mediaIssues = media
      .map((channel) => describeIssues(MEDIA_CHANNELS_IN_CHANNEL_LIST.schema, channel))
      .filter((issue) => issue !== undefined);
    if (mediaIssues.length > 0)
      return `a media channel is not a published channel of type 16: ${mediaIssues.join('; ')}`;
    body = body.filter((channel) => !MEDIA_CHANNELS_IN_CHANNEL_LIST.isMediaChannel(channel));
  }
  const issues = describeIssues(published.schema, body);
  return issues === undefined ? undefined : `not a ${published.type} (${published.declaredAs}): ${issues}`;
}

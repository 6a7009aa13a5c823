/**
 * Error bodies exactly as Discord sends them (discord-reference §3.4) and as RFC 6749 prescribes for the
 * token endpoints (§5). Handlers throw these; the plugin's error handler turns them into replies.
 */

export interface DiscordErrorBody {
  message: string;
  code: number;
  errors?: Record<string, unknown>;
}

export class DiscordApiError extends Error {
  override name = 'DiscordApiError';
  constructor(
    readonly status: number,
    readonly body: DiscordErrorBody,
  ) {
    super(body.message);
  }
}

export const unauthorized = () => new DiscordApiError(401, { message: '401: Unauthorized', code: 0 });
export const missingAccess = () => new DiscordApiError(403, { message: 'Missing Access', code: 50001 });
export const missingPermissions = () => new DiscordApiError(403, { message: 'Missing Permissions', code: 50013 });
export const unknownGuild = () => new DiscordApiError(404, { message: 'Unknown Guild', code: 10004 });
export const unknownMember = () => new DiscordApiError(404, { message: 'Unknown Member', code: 10007 });
export const unknownUser = () => new DiscordApiError(404, { message: 'Unknown User', code: 10013 });
export const unknownWelcomeScreen = () =>
  new DiscordApiError(404, { message: 'Unknown Guild Welcome Screen', code: 10069 });
export const notFound = () => new DiscordApiError(404, { message: '404: Not Found', code: 0 });

/** 400 50035 with Discord's nested `errors` shape: `{field: {_errors: [{code, message}]}}`. */
export function invalidFormBody(field: string, code: string, message: string): DiscordApiError {
  return new DiscordApiError(400, {
    code: 50035,
    message: 'Invalid Form Body',
    errors: { [field]: { _errors: [{ code, message }] } },
  });
}

export type OAuthErrorCode =
  | 'invalid_request'
  | 'invalid_client'
  | 'invalid_grant'
  | 'unauthorized_client'
  | 'unsupported_grant_type'
  | 'invalid_scope';

export class OAuthError extends Error {
  override name = 'OAuthError';
  constructor(
    readonly status: 400 | 401,
    readonly error: OAuthErrorCode,
    readonly description: string,
  ) {
    super(description);
  }

  get body(): { error: OAuthErrorCode; error_description: string } {
    return { error: this.error, error_description: this.description };
  }
}

/** The 429 body: `retry_after` in seconds with decimals (the header rounds up to whole seconds), and code 0. */
export function rateLimitedBody(
  retryAfterSeconds: number,
  global: boolean,
): { message: string; retry_after: number; global: boolean; code: number } {
  return { message: 'You are being rate limited.', retry_after: retryAfterSeconds, global, code: 0 };
}

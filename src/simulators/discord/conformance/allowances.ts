import { GuildChannelResponseSchema } from 'discord-api-spec/zod';
import * as z from 'zod/mini';

/**
 * Where Discord's published description and Discord itself disagree, the simulator follows Discord. Each
 * allowance here is named, narrow, and replaces the published schema only for the responses it names.
 */

interface InnerErrors {
  _errors: Array<{ code: string; message: string }>;
}
type ErrorDetails = InnerErrors | { [field: string]: ErrorDetails };

const innerErrors = z.object({ _errors: z.array(z.object({ code: z.string(), message: z.string() })) });
const errorDetails: z.ZodMiniType<ErrorDetails> = z.union([
  innerErrors,
  z.record(
    z.string(),
    z.lazy(() => errorDetails),
  ),
]);

/**
 * 400 Invalid Form Body (code 50035): the description types `errors…._errors[].code` as a number, but
 * Discord sends a string such as "NUMBER_TYPE_COERCE" or "BASE_TYPE_REQUIRED" (discord-reference §3.4;
 * discord-api-types' `APIError` and @discordjs/rest's `DiscordAPIError` read it as a string too).
 */
export const INVALID_FORM_BODY_STRING_ERROR_CODES = {
  appliesTo: (status: number, body: unknown): boolean =>
    status === 400 && typeof body === 'object' && body !== null && 'code' in body && body.code === 50035,
  schema: z.object({ code: z.literal(50035), message: z.literal('Invalid Form Body'), errors: errorDetails }),
};

/**
 * The OAuth2 token endpoints are not in the published description at all. Their bodies follow Discord's
 * OAuth2 documentation ("Access Token Response") and RFC 6749 §5.2 / RFC 7009 for errors and revocation.
 */
export const OAUTH_TOKEN_SCHEMAS = {
  token: z.object({
    access_token: z.string().check(z.minLength(1)),
    token_type: z.literal('Bearer'),
    expires_in: z.int().check(z.positive()),
    refresh_token: z.string().check(z.minLength(1)),
    scope: z.string(),
  }),
  revoke: z.strictObject({}),
  error: z.strictObject({
    error: z.enum([
      'invalid_request',
      'invalid_client',
      'invalid_grant',
      'unauthorized_client',
      'unsupported_grant_type',
      'invalid_scope',
    ]),
    error_description: z.string(),
  }),
};

/**
 * GUILD_MEDIA channels (type 16): Discord documents and sends them in a guild's channel list
 * (discord-reference, channel object `type`), but the description's GuildChannelResponse enum stops at 15.
 * Only the media channels of `GET /guilds/{guild_id}/channels` are held to this schema: the published
 * channel schema with `type` 16; every other channel of the list still meets the published schema.
 */
export const MEDIA_CHANNELS_IN_CHANNEL_LIST = {
  appliesTo: (method: string, path: string, status: number): boolean =>
    method === 'get' && path === '/guilds/{guild_id}/channels' && status === 200,
  isMediaChannel: (channel: unknown): boolean =>
    typeof channel === 'object' && channel !== null && 'type' in channel && channel.type === 16,
  schema: z.extend(GuildChannelResponseSchema, { type: z.literal(16) }),
};

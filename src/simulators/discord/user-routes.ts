import type {
  APIApplication,
  APIUser,
  RESTAPIPartialCurrentUserGuild,
  RESTGetAPIOAuth2CurrentAuthorizationResult,
} from 'discord-api-types/v10';
import { ApplicationFlags, OAuth2Scopes } from 'discord-api-types/v10';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SimulatorContext } from './context.js';
import { requireBearer, requireBot, resolveCaller } from './context.js';
import { booleanQuery, limitQuery, snowflakeQuery } from './query.js';
import { notFound, unauthorized, unknownGuild, unknownUser } from './discord-errors.js';
import { OLIVIA, RAMPART_BOT, SIMULATED_APPLICATION } from './fixtures/index.js';
import type { SimulatedGuild } from './simulated-guild.js';
import { compareSnowflakes, isSnowflake } from './snowflake.js';

/** Routes about the caller: `/users/@me…` (Bearer or Bot), `/oauth2/@me` (Bearer), `/oauth2/applications/@me` (Bot). */

const USER_GUILDS_MAX = 200;

function botSelf(): APIUser {
  return {
    ...RAMPART_BOT,
    mfa_enabled: false,
    locale: 'en-US',
    verified: true,
    email: null,
    flags: 0 as APIUser['flags'],
  };
}

/** Fields Discord sends on the current application that discord-api-types does not list. */
type CurrentApplication = APIApplication & {
  type: null;
  explicit_content_filter: 0 | 1;
  eligible_oauth2_scopes: OAuth2Scopes[];
};

function application(context: SimulatorContext): CurrentApplication {
  return {
    id: context.app.clientId,
    name: SIMULATED_APPLICATION.name,
    icon: null,
    description: SIMULATED_APPLICATION.description,
    summary: '',
    // Null for ordinary applications; only the description's one other value (4, creator monetization) is named.
    type: null,
    bot_public: true,
    bot_require_code_grant: false,
    bot: RAMPART_BOT,
    owner: OLIVIA.user,
    verify_key: '0'.repeat(64),
    team: null,
    // The GUILD_MEMBERS intent is switched on in the "portal": member lists work unless a fixture toggles it off.
    flags: ApplicationFlags.GatewayGuildMembersLimited,
    flags_new: String(ApplicationFlags.GatewayGuildMembersLimited),
    redirect_uris: [...context.app.redirectUris],
    interactions_endpoint_url: null,
    role_connections_verification_url: null,
    approximate_guild_count: context.state.guildIds().filter((guildId) => context.state.isBotInGuild(guildId)).length,
    approximate_user_install_count: 0,
    approximate_user_authorization_count: 0,
    explicit_content_filter: 0,
    eligible_oauth2_scopes: [OAuth2Scopes.Bot, OAuth2Scopes.ApplicationsCommands],
  };
}

function partialGuild(guild: SimulatedGuild, userId: string, withCounts: boolean): RESTAPIPartialCurrentUserGuild {
  const settings = guild.fixture.guild;
  return {
    id: guild.id,
    name: guild.name,
    icon: settings.icon,
    banner: settings.banner,
    owner: guild.ownerId === userId,
    // Guild level only: roles, owner and ADMINISTRATOR bypass, no channel overwrites (discord-reference §5.3).
    permissions: guild.basePermissions(userId).toString(),
    features: settings.features,
    ...(withCounts
      ? { approximate_member_count: guild.members.length, approximate_presence_count: guild.fixture.presenceCount }
      : {}),
  };
}

function listGuilds(
  request: FastifyRequest,
  context: SimulatorContext,
  userId: string,
): RESTAPIPartialCurrentUserGuild[] {
  const before = snowflakeQuery(request, 'before');
  const after = snowflakeQuery(request, 'after');
  const limit = limitQuery(request, USER_GUILDS_MAX, USER_GUILDS_MAX);
  const withCounts = booleanQuery(request, 'with_counts');
  let guilds = context.state.allGuilds().filter((guild) => guild.isMember(userId));
  guilds.sort((a, b) => compareSnowflakes(a.id, b.id));
  if (after !== undefined) guilds = guilds.filter((guild) => compareSnowflakes(guild.id, after) > 0);
  if (before !== undefined) guilds = guilds.filter((guild) => compareSnowflakes(guild.id, before) < 0).slice(-limit);
  return guilds.slice(0, limit).map((guild) => partialGuild(guild, userId, withCounts));
}

type UserParams = { Params: { userId: string } };

/**
 * Routes take `@me` as a path parameter rather than a literal segment: @discordjs/rest sends it
 * percent-encoded (`/users/%40me`), which Fastify's router only decodes for parameters.
 */
const ME = '@me';

export function registerUserRoutes(instance: FastifyInstance, context: SimulatorContext): void {
  instance.get<UserParams>('/api/v10/users/:userId', async (request) => {
    const caller = resolveCaller(request, context);
    if (request.params.userId !== ME) {
      requireBot(request, context);
      const user = isSnowflake(request.params.userId) ? context.state.user(request.params.userId) : undefined;
      if (!user) throw unknownUser();
      return user;
    }
    if (caller?.kind === 'bot') return botSelf();
    const grant = requireBearer(request, context, OAuth2Scopes.Identify);
    const account = context.state.account(grant.userId);
    if (!account) throw unauthorized();
    const user: APIUser = {
      ...account.user,
      mfa_enabled: account.mfaEnabled,
      locale: account.locale,
      premium_type: 0,
      flags: account.user.public_flags,
    };
    if (grant.scopes.includes(OAuth2Scopes.Email)) Object.assign(user, { email: account.email, verified: true });
    return user;
  });

  instance.get<UserParams>('/api/v10/users/:userId/guilds', async (request) => {
    if (request.params.userId !== ME) throw notFound();
    const caller = resolveCaller(request, context);
    if (caller?.kind === 'bot') return listGuilds(request, context, RAMPART_BOT.id);
    const grant = requireBearer(request, context, OAuth2Scopes.Guilds);
    return listGuilds(request, context, grant.userId);
  });

  // The bot leaves a guild: the product's "remove bot" and the way tests undo an invite.
  instance.delete<{ Params: { userId: string; guildId: string } }>(
    '/api/v10/users/:userId/guilds/:guildId',
    async (request, reply) => {
      if (request.params.userId !== ME) throw notFound();
      requireBot(request, context);
      const { guildId } = request.params;
      if (!isSnowflake(guildId) || !context.state.isBotInGuild(guildId)) throw unknownGuild();
      context.state.removeBotFromGuild(guildId);
      return reply.code(204).send();
    },
  );

  instance.get<{ Params: { resource: string } }>('/api/v10/oauth2/:resource', async (request) => {
    if (request.params.resource !== ME) throw notFound();
    const grant = requireBearer(request, context);
    const { id, name, icon, description, type, bot_public, bot_require_code_grant, verify_key, flags, flags_new } =
      application(context);
    const authorizedApplication = {
      id,
      name,
      icon,
      description,
      type,
      bot_public,
      bot_require_code_grant,
      verify_key,
      flags,
      flags_new,
    };
    const result: RESTGetAPIOAuth2CurrentAuthorizationResult = {
      application: authorizedApplication,
      scopes: grant.scopes as OAuth2Scopes[],
      expires: new Date(grant.accessExpiresAt).toISOString(),
    };
    const account = context.state.account(grant.userId);
    if (account && grant.scopes.includes(OAuth2Scopes.Identify)) result.user = account.user;
    return result;
  });

  // Both spellings exist on Discord: /oauth2/applications/@me (older) and /applications/@me ("Get Current Application").
  for (const path of ['/api/v10/oauth2/applications/:applicationId', '/api/v10/applications/:applicationId']) {
    instance.get<{ Params: { applicationId: string } }>(path, async (request) => {
      if (request.params.applicationId !== ME) throw notFound();
      requireBot(request, context);
      return application(context);
    });
  }
}

import { GuildFeature } from 'discord-api-types/v10';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { registerAuditLogRoute } from './audit-log-route.js';
import type { SimulatorContext } from './context.js';
import { invalidFormBody, missingAccess, unknownMember, unknownWelcomeScreen } from './discord-errors.js';
import { botGuild, requireBotPermission } from './guild-access.js';
import type { GuildRequest } from './guild-access.js';
import { RAMPART_BOT } from './fixtures/index.js';
import { P } from './permissions.js';
import type { SimulatedGuild } from './simulated-guild.js';
import { isSnowflake } from './snowflake.js';
import { booleanQuery, limitQuery, queryValue } from './query.js';
import { autoModerationRuleResponse, guildResponse, integrationResponse, onboardingResponse } from './wire-shapes.js';
import type { GuildResponse } from './wire-shapes.js';

/** The bot-token guild routes the audit collector calls (discord-reference §3.1). */

function guildObject(guild: SimulatedGuild, withCounts: boolean): GuildResponse {
  return guildResponse({
    ...guild.fixture.guild,
    roles: [...guild.roles],
    ...(withCounts
      ? { approximate_member_count: guild.members.length, approximate_presence_count: guild.fixture.presenceCount }
      : {}),
  });
}

export function registerGuildRoutes(instance: FastifyInstance, context: SimulatorContext): void {
  const base = '/api/v10/guilds/:guildId';

  instance.get(base, async (request: GuildRequest) =>
    guildObject(botGuild(request, context), booleanQuery(request, 'with_counts')),
  );

  instance.get(`${base}/roles`, async (request: GuildRequest) => [...botGuild(request, context).roles]);

  instance.get(`${base}/roles/member-counts`, async (request: GuildRequest) =>
    botGuild(request, context).roleMemberCounts(),
  );

  // From the obfuscation date on, channels the bot cannot see are simply absent (discord-reference §0.3).
  instance.get(`${base}/channels`, async (request: GuildRequest) => {
    const guild = botGuild(request, context);
    if (!guild.toggles.channelObfuscation) return [...guild.channels];
    return guild.channels.filter((channel) => guild.canView(RAMPART_BOT.id, channel));
  });

  instance.get(`${base}/members`, async (request: GuildRequest) => {
    const guild = botGuild(request, context);
    if (!guild.toggles.membersIntent) throw missingAccess();
    const limit = limitQuery(request, 1, 1000);
    const after = queryValue(request, 'after') ?? '0';
    if (!isSnowflake(after)) throw invalidFormBody('after', 'NUMBER_TYPE_COERCE', `Value "${after}" is not snowflake.`);
    return guild.membersAfter(after, limit);
  });

  // Not gated by the members intent: the docs only gate the list (discord-reference §9, open point 1).
  instance.get(
    `${base}/members/:userId`,
    async (request: FastifyRequest<{ Params: { guildId: string; userId: string } }>) => {
      const guild = botGuild(request, context);
      const entry = isSnowflake(request.params.userId) ? guild.member(request.params.userId) : undefined;
      if (!entry) throw unknownMember();
      return entry;
    },
  );

  instance.get(`${base}/auto-moderation/rules`, async (request: GuildRequest) => {
    const guild = botGuild(request, context);
    requireBotPermission(guild, P.ManageGuild);
    return guild.fixture.autoModerationRules.map(autoModerationRuleResponse);
  });

  // Discord caps this list at 50 integrations; anything beyond cannot be read.
  instance.get(`${base}/integrations`, async (request: GuildRequest) => {
    const guild = botGuild(request, context);
    requireBotPermission(guild, P.ManageGuild);
    return guild.fixture.integrations.slice(0, 50).map(integrationResponse);
  });

  instance.get(`${base}/webhooks`, async (request: GuildRequest) => {
    const guild = botGuild(request, context);
    requireBotPermission(guild, P.ManageWebhooks);
    return guild.fixture.webhooks;
  });

  // A disabled welcome screen is readable only with MANAGE_GUILD; a guild that never set one up has none.
  instance.get(`${base}/welcome-screen`, async (request: GuildRequest) => {
    const guild = botGuild(request, context);
    if (!guild.fixture.guild.features.includes(GuildFeature.WelcomeScreenEnabled))
      requireBotPermission(guild, P.ManageGuild);
    if (!guild.fixture.welcomeScreen) throw unknownWelcomeScreen();
    return guild.fixture.welcomeScreen;
  });

  instance.get(`${base}/onboarding`, async (request: GuildRequest) =>
    onboardingResponse(botGuild(request, context).fixture.onboarding),
  );

  registerAuditLogRoute(instance, context);
}

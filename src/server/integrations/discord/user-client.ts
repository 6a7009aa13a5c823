import { REST } from '@discordjs/rest';
import { Permission } from '../../../shared/permissions.js';
import {
  Routes,
  type RESTGetAPICurrentUserGuildsResult,
  type RESTGetAPICurrentUserResult,
} from 'discord-api-types/v10';

export type DiscordUser = RESTGetAPICurrentUserResult;
export type DiscordPartialGuild = RESTGetAPICurrentUserGuildsResult[number];

/** Calls Discord on behalf of a signed-in user (Bearer token). */
export class DiscordUserClient {
  private readonly rest: REST;

  constructor(apiUrl: string, accessToken: string) {
    // One short-lived REST per user token: rate-limit buckets are per token, and sweepers would leak timers.
    this.rest = new REST({
      version: '10',
      api: apiUrl,
      authPrefix: 'Bearer',
      handlerSweepInterval: 0,
      hashSweepInterval: 0,
      timeout: 15_000,
    }).setToken(accessToken);
  }

  async getCurrentUser(): Promise<DiscordUser> {
    return (await this.rest.get(Routes.user())) as DiscordUser;
  }

  /** Guilds the user owns or may manage (owner, ADMINISTRATOR or MANAGE_GUILD at guild level). */
  async getManageableGuilds(): Promise<DiscordPartialGuild[]> {
    const guilds = (await this.rest.get(Routes.userGuilds(), {
      query: new URLSearchParams({ with_counts: 'true' }),
    })) as RESTGetAPICurrentUserGuildsResult;
    return guilds.filter(canManageGuild);
  }
}

/** Hands out a client per user token, all against one Discord API (discord.com or the simulator). */
export interface DiscordUsers {
  withToken(accessToken: string): DiscordUserClient;
}

export function discordUsersAt(apiUrl: string): DiscordUsers {
  return { withToken: (accessToken) => new DiscordUserClient(apiUrl, accessToken) };
}

export function canManageGuild(guild: Pick<DiscordPartialGuild, 'owner' | 'permissions'>): boolean {
  if (guild.owner) return true;
  const permissions = BigInt(guild.permissions);
  return (permissions & Permission.ADMINISTRATOR) !== 0n || (permissions & Permission.MANAGE_GUILD) !== 0n;
}

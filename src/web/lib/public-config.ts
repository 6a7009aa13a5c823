import { useQuery } from '@tanstack/react-query';
import { PublicConfig } from '../../shared/contracts/public-config';
import { requestJson } from './api-request';

export const publicConfigQueryKey = ['/api/config'] as const;

export function getPublicConfig(): Promise<PublicConfig> {
  return requestJson(PublicConfig, 'GET', '/api/config');
}

/** The Discord client id and bot permissions change only with a deploy, so one fetch per session is enough. */
export function usePublicConfig() {
  return useQuery({ queryKey: publicConfigQueryKey, queryFn: getPublicConfig, staleTime: Infinity });
}

export type BotPermissionChoice = keyof PublicConfig['botPermissions'];

/**
 * The Discord bot authorization address for one guild (spec part 1 §1): the bot and
 * applications.commands scopes, the chosen permission set and the guild preselected and locked.
 */
export function buildBotInviteUrl(config: PublicConfig, guildDiscordId: string, choice: BotPermissionChoice): string {
  const query = [
    `client_id=${encodeURIComponent(config.discordClientId)}`,
    'scope=bot%20applications.commands',
    `permissions=${encodeURIComponent(config.botPermissions[choice])}`,
    `guild_id=${encodeURIComponent(guildDiscordId)}`,
    'disable_guild_select=true',
    'integration_type=0',
  ].join('&');
  return `${config.discordAuthorizeUrl}?${query}`;
}

/** Opens the invite in a new tab; noopener keeps Discord's page from reaching back into ours. */
export function openBotInvite(config: PublicConfig, guildDiscordId: string, choice: BotPermissionChoice): void {
  window.open(buildBotInviteUrl(config, guildDiscordId, choice), '_blank', 'noopener');
}

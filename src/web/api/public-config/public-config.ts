import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicConfig } from '../../../shared/contracts/public-config';
import { getPublicConfig } from '../../../shared/contracts/routes';
import { callEndpoint } from '../../lib/api-client';

export const publicConfigKeys = {
  config: ['public-config'] as const,
};

/** The Discord client id and bot permissions change only with a deploy, so one fetch per session is enough. */
export const getPublicConfigOptions = () =>
  queryOptions({
    queryKey: publicConfigKeys.config,
    queryFn: () => callEndpoint(getPublicConfig),
    staleTime: Infinity,
  });

export function usePublicConfig() {
  return useQuery(getPublicConfigOptions());
}

export type BotPermissionChoice = keyof PublicConfig['botPermissions'];

/**
 * The Discord bot authorization address for one guild: the bot and
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

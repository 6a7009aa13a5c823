import type { CheckReference } from '../shared/audit-contract.js';

/** The published hardening baseline our checks follow. */
export const SEAL_DISCORD: CheckReference = {
  title: 'Security Alliance (SEAL) Frameworks: Discord Security',
  url: 'https://frameworks.securityalliance.org/community-management/discord',
};

export const DISCORD_PERMISSIONS_DOC: CheckReference = {
  title: 'Discord Developer Docs: Permissions',
  url: 'https://discord.com/developers/docs/topics/permissions',
};

export const DISCORD_GUILD_DOC: CheckReference = {
  title: 'Discord Developer Docs: Guild resource',
  url: 'https://discord.com/developers/docs/resources/guild',
};

export const DISCORD_AUTOMOD_DOC: CheckReference = {
  title: 'Discord Developer Docs: Auto Moderation',
  url: 'https://discord.com/developers/docs/resources/auto-moderation',
};

export const DISCORD_WEBHOOK_DOC: CheckReference = {
  title: 'Discord Developer Docs: Webhook resource',
  url: 'https://discord.com/developers/docs/resources/webhook',
};

export const DISCORD_AUDIT_LOG_DOC: CheckReference = {
  title: 'Discord Developer Docs: Audit Log resource',
  url: 'https://discord.com/developers/docs/resources/audit-log',
};

export const DISCORD_CHANNEL_DOC: CheckReference = {
  title: 'Discord Developer Docs: Channel resource',
  url: 'https://discord.com/developers/docs/resources/channel',
};

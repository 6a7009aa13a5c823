import type { AppConfig } from '../../config.js';
import type { UserRow } from '../../db/rows.js';

/** Whoever sent a request with a live session, and whether they are staff. */
export interface Caller {
  user: UserRow;
  isAdmin: boolean;
}

export function isAdmin(config: Pick<AppConfig, 'adminDiscordIds'>, user: UserRow): boolean {
  return config.adminDiscordIds.has(user.discordId) || user.testAccountAdmin;
}

export function callerOf(config: Pick<AppConfig, 'adminDiscordIds'>, user: UserRow): Caller {
  return { user, isAdmin: isAdmin(config, user) };
}

/**
 * Discord permission bits and the exact permission arithmetic of discord-reference §1.
 * Pure and BigInt-based: bits above 2^53 must never pass through a JS number.
 */

export const PERMISSION_FLAGS = [
  { bit: 0, flag: 'CREATE_INSTANT_INVITE', label: 'Create Instant Invite' },
  { bit: 1, flag: 'KICK_MEMBERS', label: 'Kick Members' },
  { bit: 2, flag: 'BAN_MEMBERS', label: 'Ban Members' },
  { bit: 3, flag: 'ADMINISTRATOR', label: 'Administrator' },
  { bit: 4, flag: 'MANAGE_CHANNELS', label: 'Manage Channels' },
  { bit: 5, flag: 'MANAGE_GUILD', label: 'Manage Guild' },
  { bit: 6, flag: 'ADD_REACTIONS', label: 'Add Reactions' },
  { bit: 7, flag: 'VIEW_AUDIT_LOG', label: 'View Audit Log' },
  { bit: 8, flag: 'PRIORITY_SPEAKER', label: 'Priority Speaker' },
  { bit: 9, flag: 'STREAM', label: 'Video' },
  { bit: 10, flag: 'VIEW_CHANNEL', label: 'View Channel' },
  { bit: 11, flag: 'SEND_MESSAGES', label: 'Send Messages' },
  { bit: 12, flag: 'SEND_TTS_MESSAGES', label: 'Send TTS Messages' },
  { bit: 13, flag: 'MANAGE_MESSAGES', label: 'Manage Messages' },
  { bit: 14, flag: 'EMBED_LINKS', label: 'Embed Links' },
  { bit: 15, flag: 'ATTACH_FILES', label: 'Attach Files' },
  { bit: 16, flag: 'READ_MESSAGE_HISTORY', label: 'Read Message History' },
  { bit: 17, flag: 'MENTION_EVERYONE', label: 'Mention Everyone' },
  { bit: 18, flag: 'USE_EXTERNAL_EMOJIS', label: 'Use External Emojis' },
  { bit: 19, flag: 'VIEW_GUILD_INSIGHTS', label: 'View Guild Insights' },
  { bit: 20, flag: 'CONNECT', label: 'Connect' },
  { bit: 21, flag: 'SPEAK', label: 'Speak' },
  { bit: 22, flag: 'MUTE_MEMBERS', label: 'Mute Members' },
  { bit: 23, flag: 'DEAFEN_MEMBERS', label: 'Deafen Members' },
  { bit: 24, flag: 'MOVE_MEMBERS', label: 'Move Members' },
  { bit: 25, flag: 'USE_VAD', label: 'Use Voice Activity' },
  { bit: 26, flag: 'CHANGE_NICKNAME', label: 'Change Nickname' },
  { bit: 27, flag: 'MANAGE_NICKNAMES', label: 'Manage Nicknames' },
  { bit: 28, flag: 'MANAGE_ROLES', label: 'Manage Roles' },
  { bit: 29, flag: 'MANAGE_WEBHOOKS', label: 'Manage Webhooks' },
  { bit: 30, flag: 'MANAGE_GUILD_EXPRESSIONS', label: 'Manage Expressions' },
  { bit: 31, flag: 'USE_APPLICATION_COMMANDS', label: 'Use Application Commands' },
  { bit: 32, flag: 'REQUEST_TO_SPEAK', label: 'Request to Speak' },
  { bit: 33, flag: 'MANAGE_EVENTS', label: 'Manage Events' },
  { bit: 34, flag: 'MANAGE_THREADS', label: 'Manage Threads' },
  { bit: 35, flag: 'CREATE_PUBLIC_THREADS', label: 'Create Public Threads' },
  { bit: 36, flag: 'CREATE_PRIVATE_THREADS', label: 'Create Private Threads' },
  { bit: 37, flag: 'USE_EXTERNAL_STICKERS', label: 'Use External Stickers' },
  { bit: 38, flag: 'SEND_MESSAGES_IN_THREADS', label: 'Send Messages in Threads' },
  { bit: 39, flag: 'USE_EMBEDDED_ACTIVITIES', label: 'Use Activities' },
  { bit: 40, flag: 'MODERATE_MEMBERS', label: 'Timeout Members' },
  { bit: 41, flag: 'VIEW_CREATOR_MONETIZATION_ANALYTICS', label: 'View Creator Monetization Analytics' },
  { bit: 42, flag: 'USE_SOUNDBOARD', label: 'Use Soundboard' },
  { bit: 43, flag: 'CREATE_GUILD_EXPRESSIONS', label: 'Create Expressions' },
  { bit: 44, flag: 'CREATE_EVENTS', label: 'Create Events' },
  { bit: 45, flag: 'USE_EXTERNAL_SOUNDS', label: 'Use External Sounds' },
  { bit: 46, flag: 'SEND_VOICE_MESSAGES', label: 'Send Voice Messages' },
  // Bit 47 is retired and unnamed, so it is deliberately absent.
  { bit: 48, flag: 'SET_VOICE_CHANNEL_STATUS', label: 'Set Voice Channel Status' },
  { bit: 49, flag: 'SEND_POLLS', label: 'Create Polls' },
  { bit: 50, flag: 'USE_EXTERNAL_APPS', label: 'Use External Apps' },
  { bit: 51, flag: 'PIN_MESSAGES', label: 'Pin Messages' },
  { bit: 52, flag: 'BYPASS_SLOWMODE', label: 'Bypass Slowmode' },
] as const;

export type PermissionFlag = (typeof PERMISSION_FLAGS)[number]['flag'];

export const Permission = Object.fromEntries(
  PERMISSION_FLAGS.map(({ bit, flag }) => [flag, 1n << BigInt(bit)]),
) as Record<PermissionFlag, bigint>;

function maskOf(flags: readonly PermissionFlag[]): bigint {
  return flags.reduce((mask, flag) => mask | Permission[flag], 0n);
}

/** Every defined bit (0–52 without 47): what the owner and administrators effectively hold. */
export const ALL_PERMISSIONS: bigint = maskOf(PERMISSION_FLAGS.map(({ flag }) => flag));

/** Permissions that need 2FA on the holder's account when the guild has mfa_level = 1. */
export const ELEVATED_PERMISSIONS = maskOf([
  'KICK_MEMBERS',
  'BAN_MEMBERS',
  'ADMINISTRATOR',
  'MANAGE_CHANNELS',
  'MANAGE_GUILD',
  'MANAGE_MESSAGES',
  'MANAGE_ROLES',
  'MANAGE_WEBHOOKS',
  'MANAGE_GUILD_EXPRESSIONS',
  'MANAGE_THREADS',
  'VIEW_CREATOR_MONETIZATION_ANALYTICS',
]);

/** The "dangerous" set of discord-reference §2 check 15; a role holding any of these is privileged. */
export const DANGEROUS_PERMISSIONS = maskOf([
  'ADMINISTRATOR',
  'MANAGE_GUILD',
  'MANAGE_ROLES',
  'MANAGE_CHANNELS',
  'MANAGE_WEBHOOKS',
  'BAN_MEMBERS',
  'KICK_MEMBERS',
  'MODERATE_MEMBERS',
  'MENTION_EVERYONE',
  'MANAGE_GUILD_EXPRESSIONS',
  'MANAGE_MESSAGES',
  'MANAGE_THREADS',
  'MANAGE_NICKNAMES',
  'MANAGE_EVENTS',
  'VIEW_AUDIT_LOG',
]);

/** Permissions that let members pull outside content into the guild (check 12). */
export const EXTERNAL_CONTENT_PERMISSIONS = maskOf([
  'EMBED_LINKS',
  'ATTACH_FILES',
  'USE_EXTERNAL_EMOJIS',
  'USE_EXTERNAL_STICKERS',
  'USE_EXTERNAL_SOUNDS',
  'USE_EXTERNAL_APPS',
]);

/** Permissions a moderator role exists to hold (check 1). */
export const MODERATION_PERMISSIONS = maskOf(['KICK_MEMBERS', 'BAN_MEMBERS', 'MODERATE_MEMBERS', 'MANAGE_MESSAGES']);

/** The spec's "critical permissions", highlighted in the dashboard's permission table. */
export const CRITICAL_PERMISSION_FLAGS: readonly PermissionFlag[] = [
  'ADMINISTRATOR',
  'MANAGE_ROLES',
  'MANAGE_GUILD',
  'MANAGE_CHANNELS',
  'MANAGE_WEBHOOKS',
  'SEND_MESSAGES',
  'BAN_MEMBERS',
];
export const CRITICAL_PERMISSIONS = maskOf(CRITICAL_PERMISSION_FLAGS);

const DECIMAL = /^\d+$/;

/** Parses a Discord permission string; absent or malformed values mean "no bits" (allow/deny may be null). */
export function parsePermissions(value: string | null | undefined): bigint {
  return typeof value === 'string' && DECIMAL.test(value) ? BigInt(value) : 0n;
}

export function hasPermission(mask: bigint, permission: bigint): boolean {
  return (mask & permission) === permission;
}

/** True when the mask holds any bit of `permissions`. */
export function hasAnyPermission(mask: bigint, permissions: bigint): boolean {
  return (mask & permissions) !== 0n;
}

export function permissionFlagsOf(mask: bigint): PermissionFlag[] {
  return PERMISSION_FLAGS.filter(({ bit }) => (mask & (1n << BigInt(bit))) !== 0n).map(({ flag }) => flag);
}

export function permissionLabelsOf(mask: bigint): string[] {
  return PERMISSION_FLAGS.filter(({ bit }) => (mask & (1n << BigInt(bit))) !== 0n).map(({ label }) => label);
}

export interface RoleLike {
  id: string;
  permissions: string;
}

export const OVERWRITE_TYPE_ROLE = 0;
export const OVERWRITE_TYPE_MEMBER = 1;

export interface OverwriteLike {
  id: string;
  type: number;
  allow?: string | null;
  deny?: string | null;
}

export interface PermissionSubject {
  /** The user id, or null for "a member holding only the given roles" (e.g. a bare @everyone member). */
  userId: string | null;
  /** Role ids from `member.roles`; never includes @everyone. */
  roleIds: readonly string[];
}

export interface GuildPermissionContext {
  guildId: string;
  ownerId: string;
  /** Parsed role permissions by role id; the @everyone role's id equals the guild id. */
  rolePermissions: ReadonlyMap<string, bigint>;
}

/** Guild-level permissions (discord-reference §1.3 "Base"). */
export function computeBasePermissions(guild: GuildPermissionContext, subject: PermissionSubject): bigint {
  if (subject.userId !== null && subject.userId === guild.ownerId) return ALL_PERMISSIONS;
  let permissions = guild.rolePermissions.get(guild.guildId) ?? 0n;
  for (const roleId of subject.roleIds) permissions |= guild.rolePermissions.get(roleId) ?? 0n;
  return hasPermission(permissions, Permission.ADMINISTRATOR) ? ALL_PERMISSIONS : permissions;
}

/**
 * Channel-level permissions (discord-reference §1.3 "Channel level"): the @everyone overwrite, then all
 * role overwrites combined (so role order never matters), then the member's own overwrite.
 */
export function computeChannelPermissions(
  basePermissions: bigint,
  overwrites: readonly OverwriteLike[] | undefined,
  guildId: string,
  subject: PermissionSubject,
): bigint {
  if (hasPermission(basePermissions, Permission.ADMINISTRATOR)) return ALL_PERMISSIONS;
  if (!overwrites || overwrites.length === 0) return basePermissions;
  let permissions = basePermissions;
  const everyone = overwrites.find((overwrite) => overwrite.id === guildId);
  if (everyone) permissions = (permissions & ~parsePermissions(everyone.deny)) | parsePermissions(everyone.allow);

  const heldRoles = new Set(subject.roleIds);
  let roleAllow = 0n;
  let roleDeny = 0n;
  for (const overwrite of overwrites) {
    if (overwrite.type !== OVERWRITE_TYPE_ROLE || overwrite.id === guildId || !heldRoles.has(overwrite.id)) continue;
    roleAllow |= parsePermissions(overwrite.allow);
    roleDeny |= parsePermissions(overwrite.deny);
  }
  permissions = (permissions & ~roleDeny) | roleAllow;

  if (subject.userId !== null) {
    const own = overwrites.find(
      (overwrite) => overwrite.type === OVERWRITE_TYPE_MEMBER && overwrite.id === subject.userId,
    );
    if (own) permissions = (permissions & ~parsePermissions(own.deny)) | parsePermissions(own.allow);
  }
  return permissions;
}

/** Channel types (discord-reference §6) used by the implicit rules below. */
export const ChannelKind = {
  GUILD_TEXT: 0,
  GUILD_VOICE: 2,
  GUILD_CATEGORY: 4,
  GUILD_ANNOUNCEMENT: 5,
  GUILD_STAGE_VOICE: 13,
  GUILD_FORUM: 15,
  GUILD_MEDIA: 16,
} as const;

const TEXT_SEND_DEPENDENT = maskOf(['MENTION_EVERYONE', 'SEND_TTS_MESSAGES', 'ATTACH_FILES', 'EMBED_LINKS']);

/**
 * Applies the implicit rules Discord enforces but never stores in a bit (discord-reference §1.3), so that
 * reports never claim a permission the holder cannot actually use.
 */
export function applyImplicitChannelRules(permissions: bigint, channelType: number): bigint {
  if (hasPermission(permissions, Permission.ADMINISTRATOR)) return permissions;
  if (!hasPermission(permissions, Permission.VIEW_CHANNEL)) return 0n;
  const isVoiceLike = channelType === ChannelKind.GUILD_VOICE || channelType === ChannelKind.GUILD_STAGE_VOICE;
  if (isVoiceLike && !hasPermission(permissions, Permission.CONNECT)) return Permission.VIEW_CHANNEL;
  const isTextLike = channelType === ChannelKind.GUILD_TEXT || channelType === ChannelKind.GUILD_ANNOUNCEMENT;
  if (isTextLike && !hasPermission(permissions, Permission.SEND_MESSAGES)) return permissions & ~TEXT_SEND_DEPENDENT;
  return permissions;
}

/**
 * Permissions asked for in the bot invite: Administrator as the spec says, or the least-privilege
 * set of discord-reference §3.3 (audit log, AutoMod/integrations, webhooks, channels).
 */
export const BOT_INVITE_PERMISSIONS = {
  administrator: String(Permission.ADMINISTRATOR),
  leastPrivilege: String(maskOf(['VIEW_AUDIT_LOG', 'MANAGE_GUILD', 'MANAGE_WEBHOOKS', 'VIEW_CHANNEL'])),
} as const;

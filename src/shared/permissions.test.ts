import { PermissionFlagsBits } from 'discord-api-types/v10';
import { describe, expect, it } from 'vitest';
import {
  ALL_PERMISSIONS,
  applyImplicitChannelRules,
  ChannelKind,
  computeBasePermissions,
  computeChannelPermissions,
  CRITICAL_PERMISSIONS,
  DANGEROUS_PERMISSIONS,
  ELEVATED_PERMISSIONS,
  EXTERNAL_CONTENT_PERMISSIONS,
  parsePermissions,
  Permission,
  PERMISSION_FLAGS,
  permissionFlagsOf,
  permissionLabelsOf,
  type GuildPermissionContext,
  type OverwriteLike,
} from './permissions.js';

const GUILD = '1';
const OWNER = '10';
const USER = '20';
const MODS = '100';
const MUTED = '101';

const guild: GuildPermissionContext = {
  guildId: GUILD,
  ownerId: OWNER,
  rolePermissions: new Map([
    [GUILD, Permission.VIEW_CHANNEL | Permission.SEND_MESSAGES],
    [MODS, Permission.KICK_MEMBERS | Permission.MANAGE_MESSAGES],
    [MUTED, 0n],
    ['102', Permission.ADMINISTRATOR],
  ]),
};

const overwrite = (id: string, type: 0 | 1, allow: bigint, deny: bigint): OverwriteLike => ({
  id,
  type,
  allow: allow.toString(),
  deny: deny.toString(),
});

describe('permission table', () => {
  it('matches the masks of discord-reference §1.1', () => {
    expect(ALL_PERMISSIONS).toBe(8866461766385663n);
    expect(ELEVATED_PERMISSIONS).toBe(2218082181182n);
    expect(DANGEROUS_PERMISSIONS).toBe(1127294836926n);
    expect(EXTERNAL_CONTENT_PERMISSIONS).toBe(1161221718196224n);
  });

  it('names bits 0–52 without the retired bit 47, from Create Instant Invite on', () => {
    expect(PERMISSION_FLAGS).toHaveLength(52);
    expect(PERMISSION_FLAGS.map(({ bit }): number => bit)).not.toContain(47);
    expect(PERMISSION_FLAGS[0]?.label).toBe('Create Instant Invite');
    expect(PERMISSION_FLAGS.find(({ bit }) => bit === 46)?.label).toBe('Send Voice Messages');
    expect(Permission.BAN_MEMBERS).toBe(4n);
    expect(Permission.BYPASS_SLOWMODE).toBe(4503599627370496n);
  });

  it('agrees with discord-api-types on every value', () => {
    const known = new Set<bigint>(Object.values(PermissionFlagsBits));
    for (const { flag } of PERMISSION_FLAGS) expect(known.has(Permission[flag]), flag).toBe(true);
  });

  it('lists the spec critical permissions including Ban Members and Send Messages', () => {
    expect(permissionLabelsOf(CRITICAL_PERMISSIONS)).toEqual([
      'Ban Members',
      'Administrator',
      'Manage Channels',
      'Manage Guild',
      'Send Messages',
      'Manage Roles',
      'Manage Webhooks',
    ]);
  });

  it('lists flags and labels of a bitmask in bit order', () => {
    expect(permissionFlagsOf(6n)).toEqual(['KICK_MEMBERS', 'BAN_MEMBERS']);
    expect(permissionLabelsOf(Permission.MODERATE_MEMBERS | Permission.VIEW_AUDIT_LOG)).toEqual([
      'View Audit Log',
      'Timeout Members',
    ]);
  });

  it('parses decimal strings of any size and treats missing values as no bits', () => {
    expect(parsePermissions('4503599627370496')).toBe(1n << 52n);
    expect(parsePermissions('36028797018963968')).toBe(1n << 55n);
    expect(parsePermissions(null)).toBe(0n);
    expect(parsePermissions(undefined)).toBe(0n);
    expect(parsePermissions('0x10')).toBe(0n);
  });
});

describe('computeBasePermissions', () => {
  it('gives the owner every permission, whatever their roles', () => {
    expect(computeBasePermissions(guild, { userId: OWNER, roleIds: [MUTED] })).toBe(ALL_PERMISSIONS);
  });

  it('combines @everyone with the member roles', () => {
    expect(computeBasePermissions(guild, { userId: USER, roleIds: [MODS] })).toBe(
      Permission.VIEW_CHANNEL | Permission.SEND_MESSAGES | Permission.KICK_MEMBERS | Permission.MANAGE_MESSAGES,
    );
  });

  it('turns ADMINISTRATOR into every permission', () => {
    expect(computeBasePermissions(guild, { userId: USER, roleIds: ['102'] })).toBe(ALL_PERMISSIONS);
  });

  it('ignores unknown role ids', () => {
    expect(computeBasePermissions(guild, { userId: USER, roleIds: ['999'] })).toBe(
      Permission.VIEW_CHANNEL | Permission.SEND_MESSAGES,
    );
  });
});

describe('computeChannelPermissions', () => {
  const base = computeBasePermissions(guild, { userId: USER, roleIds: [MODS, MUTED] });
  const subject = { userId: USER, roleIds: [MODS, MUTED] };

  it('ignores overwrites for administrators and the owner', () => {
    const denyAll = [overwrite(GUILD, 0, 0n, ALL_PERMISSIONS)];
    expect(computeChannelPermissions(ALL_PERMISSIONS, denyAll, GUILD, subject)).toBe(ALL_PERMISSIONS);
  });

  it('applies @everyone, then all role overwrites together, then the member overwrite', () => {
    const overwrites = [
      overwrite(USER, 1, Permission.SEND_MESSAGES, 0n),
      overwrite(MODS, 0, Permission.VIEW_CHANNEL, 0n),
      overwrite(GUILD, 0, 0n, Permission.VIEW_CHANNEL | Permission.SEND_MESSAGES),
    ];
    const result = computeChannelPermissions(base, overwrites, GUILD, subject);
    expect(result & Permission.VIEW_CHANNEL).toBe(Permission.VIEW_CHANNEL);
    expect(result & Permission.SEND_MESSAGES).toBe(Permission.SEND_MESSAGES);
  });

  it('lets a role allow beat another role deny, whatever the role order (deny then allow)', () => {
    const overwrites = [
      overwrite(MUTED, 0, 0n, Permission.SEND_MESSAGES),
      overwrite(MODS, 0, Permission.SEND_MESSAGES, 0n),
    ];
    expect(computeChannelPermissions(base, overwrites, GUILD, subject) & Permission.SEND_MESSAGES).toBe(
      Permission.SEND_MESSAGES,
    );
    expect(computeChannelPermissions(base, [...overwrites].reverse(), GUILD, subject) & Permission.SEND_MESSAGES).toBe(
      Permission.SEND_MESSAGES,
    );
  });

  it('lets a member deny override a role allow', () => {
    const overwrites = [
      overwrite(MODS, 0, Permission.ATTACH_FILES, 0n),
      overwrite(USER, 1, 0n, Permission.ATTACH_FILES),
    ];
    expect(computeChannelPermissions(base, overwrites, GUILD, subject) & Permission.ATTACH_FILES).toBe(0n);
  });

  it('lets a role allow restore what the @everyone overwrite denied', () => {
    const overwrites = [
      overwrite(GUILD, 0, 0n, Permission.VIEW_CHANNEL),
      overwrite(MODS, 0, Permission.VIEW_CHANNEL, 0n),
    ];
    expect(computeChannelPermissions(base, overwrites, GUILD, subject) & Permission.VIEW_CHANNEL).toBe(
      Permission.VIEW_CHANNEL,
    );
    const outsider = { userId: '30', roleIds: [] };
    expect(
      computeChannelPermissions(Permission.VIEW_CHANNEL, overwrites, GUILD, outsider) & Permission.VIEW_CHANNEL,
    ).toBe(0n);
  });

  it('skips role overwrites for roles the member does not hold and member overwrites of others', () => {
    const overwrites = [
      overwrite('555', 0, Permission.MANAGE_ROLES, 0n),
      overwrite('30', 1, Permission.MANAGE_ROLES, 0n),
    ];
    expect(computeChannelPermissions(base, overwrites, GUILD, subject) & Permission.MANAGE_ROLES).toBe(0n);
  });

  it('treats null allow and deny as no bits', () => {
    const overwrites: OverwriteLike[] = [{ id: GUILD, type: 0, allow: null, deny: null }];
    expect(computeChannelPermissions(base, overwrites, GUILD, subject)).toBe(base);
  });
});

describe('applyImplicitChannelRules', () => {
  it('voids everything without VIEW_CHANNEL', () => {
    expect(
      applyImplicitChannelRules(Permission.SEND_MESSAGES | Permission.MANAGE_MESSAGES, ChannelKind.GUILD_TEXT),
    ).toBe(0n);
  });

  it('voids mentions, TTS, files and embeds in text channels without SEND_MESSAGES', () => {
    const perms =
      Permission.VIEW_CHANNEL | Permission.ATTACH_FILES | Permission.EMBED_LINKS | Permission.MENTION_EVERYONE;
    expect(applyImplicitChannelRules(perms, ChannelKind.GUILD_TEXT)).toBe(Permission.VIEW_CHANNEL);
  });

  it('voids everything but viewing in voice and stage channels without CONNECT', () => {
    const perms = Permission.VIEW_CHANNEL | Permission.MANAGE_CHANNELS | Permission.MUTE_MEMBERS;
    expect(applyImplicitChannelRules(perms, ChannelKind.GUILD_STAGE_VOICE)).toBe(Permission.VIEW_CHANNEL);
    expect(applyImplicitChannelRules(perms | Permission.CONNECT, ChannelKind.GUILD_VOICE)).toBe(
      perms | Permission.CONNECT,
    );
  });
});

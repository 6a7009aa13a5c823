import { OverwriteType, PermissionFlagsBits } from 'discord-api-types/v10';
import type { APIOverwrite, APIRole } from 'discord-api-types/v10';

/**
 * Discord permission math exactly as discord-reference §1.3 describes it. Everything is bigint because
 * the bit table already reaches bit 52 and JSON carries permission sets as decimal strings.
 */
export const P = PermissionFlagsBits;

/** Every defined bit 0–52 except the retired bit 47 (discord-reference §1.1). */
export const ALL_PERMISSIONS = 8866461766385663n;

export function combine(...bits: bigint[]): bigint {
  return bits.reduce((acc, bit) => acc | bit, 0n);
}

export function has(permissions: bigint, bit: bigint): boolean {
  return (permissions & bit) === bit;
}

export function toPermissionString(permissions: bigint): string {
  return permissions.toString();
}

export function parsePermissions(value: string | null | undefined): bigint {
  if (value === null || value === undefined || value === '') return 0n;
  return BigInt(value);
}

export interface PermissionSubject {
  userId: string;
  /** Role ids of the member, never including @everyone. */
  roleIds: readonly string[];
}

export interface PermissionGuild {
  id: string;
  ownerId: string;
  rolesById: ReadonlyMap<string, APIRole>;
}

/** Guild-level permissions: owner bypass, @everyone, member roles, ADMINISTRATOR bypass. */
export function computeBasePermissions(guild: PermissionGuild, subject: PermissionSubject): bigint {
  if (subject.userId === guild.ownerId) return ALL_PERMISSIONS;
  let permissions = parsePermissions(guild.rolesById.get(guild.id)?.permissions);
  for (const roleId of subject.roleIds) {
    permissions |= parsePermissions(guild.rolesById.get(roleId)?.permissions);
  }
  if (has(permissions, P.Administrator)) return ALL_PERMISSIONS;
  return permissions;
}

/** Channel-level permissions: @everyone overwrite, then all role overwrites together, then the member overwrite. */
export function computeChannelPermissions(
  guild: PermissionGuild,
  subject: PermissionSubject,
  overwrites: readonly APIOverwrite[] | undefined,
): bigint {
  const base = computeBasePermissions(guild, subject);
  if (has(base, P.Administrator)) return ALL_PERMISSIONS;
  let permissions = base;
  const list = overwrites ?? [];

  const everyone = list.find((overwrite) => overwrite.id === guild.id);
  if (everyone) {
    permissions &= ~parsePermissions(everyone.deny);
    permissions |= parsePermissions(everyone.allow);
  }

  const memberRoles = new Set(subject.roleIds);
  let roleAllow = 0n;
  let roleDeny = 0n;
  for (const overwrite of list) {
    if (overwrite.type === OverwriteType.Role && overwrite.id !== guild.id && memberRoles.has(overwrite.id)) {
      roleAllow |= parsePermissions(overwrite.allow);
      roleDeny |= parsePermissions(overwrite.deny);
    }
  }
  permissions &= ~roleDeny;
  permissions |= roleAllow;

  const member = list.find((overwrite) => overwrite.type === OverwriteType.Member && overwrite.id === subject.userId);
  if (member) {
    permissions &= ~parsePermissions(member.deny);
    permissions |= parsePermissions(member.allow);
  }
  return permissions;
}

/** Human-readable names of the bits set, for the bot-invite consent page. */
export function permissionNames(permissions: bigint): string[] {
  const names: string[] = [];
  const seen = new Set<bigint>();
  for (const [name, bit] of Object.entries(PermissionFlagsBits)) {
    // ManageEmojisAndStickers is an alias of ManageGuildExpressions; list each bit once.
    if (seen.has(bit) || !has(permissions, bit)) continue;
    seen.add(bit);
    names.push(name.replace(/([a-z])([A-Z])/g, '$1 $2'));
  }
  return names;
}

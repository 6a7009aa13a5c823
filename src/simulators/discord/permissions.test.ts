import { OverwriteType } from 'discord-api-types/v10';
import type { APIOverwrite, APIRole } from 'discord-api-types/v10';
import { describe, expect, it } from 'vitest';
import { role } from './fixtures/builders.js';
import {
  ALL_PERMISSIONS,
  combine,
  computeBasePermissions,
  computeChannelPermissions,
  P,
  permissionNames,
} from './permissions.js';

const GUILD = '100';
const roles = new Map<string, APIRole>([
  [GUILD, role(GUILD, '@everyone', combine(P.ViewChannel, P.SendMessages), 0)],
  ['1', role('1', 'Helper', P.ManageMessages, 1)],
  ['2', role('2', 'Admin', P.Administrator, 2)],
  ['3', role('3', 'Muted', 0n, 3)],
]);
const guild = { id: GUILD, ownerId: '900', rolesById: roles };
const overwrite = (id: string, type: OverwriteType, allow: bigint, deny: bigint): APIOverwrite => ({
  id,
  type,
  allow: allow.toString(),
  deny: deny.toString(),
});

describe('computeBasePermissions', () => {
  it('gives the owner every bit, whatever the roles', () => {
    expect(computeBasePermissions(guild, { userId: '900', roleIds: [] })).toBe(ALL_PERMISSIONS);
  });
  it('ORs @everyone and the member roles', () => {
    expect(computeBasePermissions(guild, { userId: '1', roleIds: ['1'] })).toBe(
      combine(P.ViewChannel, P.SendMessages, P.ManageMessages),
    );
  });
  it('expands ADMINISTRATOR to every bit', () => {
    expect(computeBasePermissions(guild, { userId: '2', roleIds: ['2'] })).toBe(ALL_PERMISSIONS);
  });
});

describe('computeChannelPermissions', () => {
  const overwrites = [
    overwrite(GUILD, OverwriteType.Role, 0n, P.SendMessages),
    overwrite('1', OverwriteType.Role, P.SendMessages, 0n),
    overwrite('3', OverwriteType.Role, 0n, P.SendMessages),
    overwrite('55', OverwriteType.Member, 0n, P.ViewChannel),
  ];
  it('applies @everyone, then role overwrites (allow beats deny at the same step), then the member', () => {
    expect(computeChannelPermissions(guild, { userId: '7', roleIds: [] }, overwrites) & P.SendMessages).toBe(0n);
    expect(computeChannelPermissions(guild, { userId: '8', roleIds: ['1', '3'] }, overwrites) & P.SendMessages).toBe(
      P.SendMessages,
    );
    expect(computeChannelPermissions(guild, { userId: '55', roleIds: ['1'] }, overwrites) & P.ViewChannel).toBe(0n);
  });
  it('ignores overwrites for administrators and the owner', () => {
    expect(computeChannelPermissions(guild, { userId: '2', roleIds: ['2'] }, overwrites)).toBe(ALL_PERMISSIONS);
    expect(
      computeChannelPermissions(guild, { userId: '900', roleIds: [] }, [
        overwrite('900', OverwriteType.Member, 0n, ALL_PERMISSIONS),
      ]),
    ).toBe(ALL_PERMISSIONS);
  });
});

describe('permissionNames', () => {
  it('names the least-privilege audit set once per bit', () => {
    expect(permissionNames(536872096n)).toEqual(['Manage Guild', 'View Audit Log', 'View Channel', 'Manage Webhooks']);
  });
});

import { ChannelType } from 'discord-api-types/v10';
import type { AuditSnapshot } from '../../shared/audit-snapshot.js';
import { bits, IDS, makeChannel, makeMember, makeRole, makeSnapshot, overwrite } from './make-snapshot.js';

export interface LargeGuildSize {
  roles: number;
  channels: number;
  members: number;
}

export const LARGE_GUILD: LargeGuildSize = { roles: 260, channels: 520, members: 50_000 };

const id = (prefix: number, n: number) => `${prefix}${String(n).padStart(15, '0')}`;

/**
 * The baseline guild grown to the size the engine must handle quickly: many cosmetic roles, channels
 * that each carry overwrites, and tens of thousands of members holding a few roles each.
 */
export function makeLargeSnapshot(size: LargeGuildSize = LARGE_GUILD): AuditSnapshot {
  return makeSnapshot((snapshot) => {
    const extraRoles = Array.from({ length: size.roles }, (_, n) => makeRole(id(41, n), `Color ${n}`, 1, '0'));
    snapshot.guild.roles.push(...extraRoles);
    snapshot.guild.roles.forEach((role, position) => {
      if (role.id !== IDS.guild) role.position = position;
    });
    const channels = Array.from({ length: size.channels }, (_, n) =>
      makeChannel(id(51, n), `topic-${n}`, n % 10 === 9 ? ChannelType.GuildVoice : ChannelType.GuildText, [
        overwrite(IDS.guild, 'role', '0', n % 3 === 0 ? bits('SEND_MESSAGES') : '0'),
        overwrite(id(41, n % size.roles), 'role', bits('EMBED_LINKS', 'ATTACH_FILES')),
        overwrite(IDS.moderatorRole, 'role', bits('MANAGE_MESSAGES')),
      ]),
    );
    snapshot.channels?.push(...channels);
    const members = Array.from({ length: size.members }, (_, n) =>
      makeMember(id(22, n), `user${n}`, [
        IDS.memberRole,
        id(41, n % size.roles),
        ...(n % 7 === 0 ? [id(41, (n * 13) % size.roles)] : []),
      ]),
    );
    snapshot.members?.push(...members);
    snapshot.guild.approximate_member_count = snapshot.members?.length;
  });
}

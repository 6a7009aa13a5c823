import { ChannelType } from 'discord-api-types/v10';
import { expect } from 'vitest';
import { describeCheckTable } from '../testing/check-table.js';
import { bits, channelNamed, IDS, makeChannel, overwrite } from '../testing/make-snapshot.js';
import * as check from './stage-forum-channels.js';

describeCheckTable(check, [
  { name: 'stage and forum without @everyone powers pass', expected: 'PASS', evidence: (e) => expect(e.stageAndForumChannels).toBe(2) },
  {
    name: '@everyone with MUTE_MEMBERS on a stage fails',
    change: (s) => {
      channelNamed(s, 'Town Hall').permission_overwrites = [overwrite(IDS.guild, 'role', bits('MUTE_MEMBERS', 'MOVE_MEMBERS'))];
    },
    expected: 'FAIL',
    evidence: (e) => expect(e.channels?.[0]).toMatchObject({ name: '#Town Hall', type: 'stage', permissionNames: ['Mute Members', 'Move Members'] }),
  },
  {
    name: 'stage powers are void when @everyone cannot connect',
    change: (s) => {
      channelNamed(s, 'Town Hall').permission_overwrites = [overwrite(IDS.guild, 'role', bits('MUTE_MEMBERS'), bits('CONNECT'))];
    },
    expected: 'PASS',
  },
  {
    name: '@everyone with MANAGE_THREADS on a forum fails',
    change: (s) => {
      channelNamed(s, 'help').permission_overwrites = [overwrite(IDS.guild, 'role', bits('MANAGE_THREADS'))];
    },
    expected: 'FAIL',
  },
  {
    name: 'a forum without post slowmode or moderated tags passes with warnings',
    change: (s) => {
      s.channels?.push(makeChannel('500000000000000099', 'media-dump', ChannelType.GuildMedia, [], { default_thread_rate_limit_per_user: 0, available_tags: [] }));
    },
    expected: 'PASS',
    evidence: (e) => expect(e.warnings).toHaveLength(2),
  },
  {
    name: 'no stage or forum channels passes',
    change: (s) => {
      s.channels = (s.channels ?? []).filter((channel) => channel.type !== ChannelType.GuildStageVoice && channel.type !== ChannelType.GuildForum);
    },
    expected: 'PASS',
  },
  {
    name: 'channels unreadable is UNKNOWN',
    change: (s) => {
      s.channels = null;
    },
    expected: 'UNKNOWN',
  },
]);

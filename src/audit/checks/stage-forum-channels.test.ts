import { ChannelType } from 'discord-api-types/v10';
import { expect } from 'vitest';
import { describeCheckTable } from '../testing/check-table.js';
import { bits, channelNamed, IDS, makeChannel, overwrite } from '../testing/make-snapshot.js';
import * as check from './stage-forum-channels.js';

describeCheckTable(check, [
  {
    name: 'stage and forum without @everyone powers pass',
    expected: 'PASS',
    evidence: (e) => expect(e.stageAndForumChannels).toBe(2),
  },
  {
    name: '@everyone with MUTE_MEMBERS on a stage fails',
    change: (s) => {
      channelNamed(s, 'Town Hall').permission_overwrites = [
        overwrite(IDS.guild, 'role', bits('MUTE_MEMBERS', 'MOVE_MEMBERS')),
      ];
    },
    expected: 'FAIL',
    evidence: (e) =>
      expect(e.channels?.[0]).toMatchObject({
        name: '#Town Hall',
        type: 'stage',
        permissionNames: ['Mute Members', 'Move Members'],
      }),
  },
  {
    name: 'stage powers are void when @everyone cannot connect',
    change: (s) => {
      channelNamed(s, 'Town Hall').permission_overwrites = [
        overwrite(IDS.guild, 'role', bits('MUTE_MEMBERS'), bits('CONNECT')),
      ];
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
    name: 'a media channel without post slowmode or moderated tags passes with warnings naming it',
    change: (s) => {
      s.channels?.push(
        makeChannel('500000000000000099', 'media-dump', ChannelType.GuildMedia, [], {
          rate_limit_per_user: 0,
          default_thread_rate_limit_per_user: 0,
          available_tags: [],
        }),
      );
    },
    expected: 'PASS',
    evidence: (e) =>
      expect(e.warnings).toEqual([
        expect.stringMatching(/^#media-dump: .*posts/),
        expect.stringMatching(/^#media-dump: no moderated tags/),
      ]),
  },
  {
    name: 'post creation follows rate_limit_per_user: a message slowmode inside posts does not slow new posts',
    change: (s) => {
      Object.assign(channelNamed(s, 'help'), { rate_limit_per_user: 0, default_thread_rate_limit_per_user: 120 });
    },
    expected: 'PASS',
    evidence: (e) =>
      expect(e.warnings).toEqual([
        '#help: @everyone can create posts with no post slowmode (rate_limit_per_user is 0).',
      ]),
  },
  {
    name: 'a post slowmode (rate_limit_per_user) is enough even with no slowmode inside posts',
    change: (s) => {
      Object.assign(channelNamed(s, 'help'), { rate_limit_per_user: 60, default_thread_rate_limit_per_user: 0 });
    },
    expected: 'PASS',
    evidence: (e) => expect(e.warnings).toBeUndefined(),
  },
  {
    name: 'a media channel where @everyone cannot send needs no post slowmode',
    change: (s) => {
      s.channels?.push(
        makeChannel(
          '500000000000000099',
          'gallery',
          ChannelType.GuildMedia,
          [overwrite(IDS.guild, 'role', '0', bits('SEND_MESSAGES'))],
          {
            rate_limit_per_user: 0,
            available_tags: [
              { id: '600000000000000002', name: 'official', moderated: true, emoji_id: null, emoji_name: null },
            ],
          },
        ),
      );
    },
    expected: 'PASS',
    evidence: (e) => expect(e.warnings).toBeUndefined(),
  },
  {
    name: 'no stage or forum channels passes',
    change: (s) => {
      s.channels = (s.channels ?? []).filter(
        (channel) => channel.type !== ChannelType.GuildStageVoice && channel.type !== ChannelType.GuildForum,
      );
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

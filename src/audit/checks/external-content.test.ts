import { GuildExplicitContentFilter } from 'discord-api-types/v10';
import { expect } from 'vitest';
import { describeCheckTable } from '../testing/check-table.js';
import { bits, channelNamed, EVERYONE_BASELINE, IDS, overwrite, roleNamed } from '../testing/make-snapshot.js';
import * as check from './external-content.js';

const withExternal = (
  BigInt(EVERYONE_BASELINE) | BigInt(bits('EMBED_LINKS', 'ATTACH_FILES', 'USE_EXTERNAL_EMOJIS'))
).toString();

describeCheckTable(check, [
  { name: 'no external bits for @everyone passes', expected: 'PASS', evidence: (e) => expect(e.channels).toEqual([]) },
  {
    name: 'external content with the media filter on passes with warnings',
    change: (s) => {
      roleNamed(s, '@everyone').permissions = withExternal;
    },
    expected: 'PASS',
    evidence: (e) => {
      expect(e.warnings?.length).toBeGreaterThan(0);
      // Read-only #rules and #announcements: nothing can be attached where nothing can be sent.
      expect(e.channels?.map((channel) => channel.name)).toEqual(['#general', '#help']);
    },
  },
  {
    name: 'files and embeds for @everyone with the media filter off fails',
    change: (s) => {
      roleNamed(s, '@everyone').permissions = withExternal;
      s.guild.explicit_content_filter = GuildExplicitContentFilter.Disabled;
    },
    expected: 'FAIL',
    evidence: (e) => expect(e.vulnerableChannels).toBe(2),
  },
  {
    name: 'one channel overwrite granting attachments with the filter off fails',
    change: (s) => {
      s.guild.explicit_content_filter = GuildExplicitContentFilter.Disabled;
      channelNamed(s, 'general').permission_overwrites = [overwrite(IDS.guild, 'role', bits('ATTACH_FILES'))];
    },
    expected: 'FAIL',
  },
  {
    name: 'filter off but external bits only on a members role passes',
    change: (s) => {
      s.guild.explicit_content_filter = GuildExplicitContentFilter.Disabled;
      roleNamed(s, 'Member').permissions = bits('EMBED_LINKS', 'ATTACH_FILES');
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

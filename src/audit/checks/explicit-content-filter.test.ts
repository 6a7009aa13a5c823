import { GuildExplicitContentFilter } from 'discord-api-types/v10';
import { describeCheckTable } from '../testing/check-table.js';
import * as check from './explicit-content-filter.js';

describeCheckTable(check, [
  { name: 'all members scanned passes', expected: 'PASS' },
  {
    name: 'members without roles only fails',
    change: (s) => {
      s.guild.explicit_content_filter = GuildExplicitContentFilter.MembersWithoutRoles;
    },
    expected: 'FAIL',
  },
  {
    name: 'filter disabled fails',
    change: (s) => {
      s.guild.explicit_content_filter = GuildExplicitContentFilter.Disabled;
    },
    expected: 'FAIL',
  },
]);

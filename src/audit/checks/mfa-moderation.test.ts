import { GuildMFALevel } from 'discord-api-types/v10';
import { expect } from 'vitest';
import { describeCheckTable } from '../testing/check-table.js';
import * as check from './mfa-moderation.js';

describeCheckTable(check, [
  {
    name: 'mfa_level 1 (elevated) passes',
    expected: 'PASS',
    evidence: (e) => expect(e).toMatchObject({ mfaRequired: true, mfaLevel: 1 }),
  },
  {
    name: 'mfa_level 0 fails',
    change: (s) => {
      s.guild.mfa_level = GuildMFALevel.None;
    },
    expected: 'FAIL',
    evidence: (e) => expect(e).toMatchObject({ mfaRequired: false, mfaLevel: 0 }),
  },
]);

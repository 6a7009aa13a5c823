import { GuildVerificationLevel } from 'discord-api-types/v10';
import { expect } from 'vitest';
import { describeCheckTable } from '../testing/check-table.js';
import * as check from './verification-level.js';

describeCheckTable(check, [
  {
    name: 'medium passes',
    expected: 'PASS',
    evidence: (e) =>
      expect(e).toMatchObject({
        verificationLevel: 2,
        verificationLabel: 'Medium',
        hasRulesChannel: true,
        totalFeatures: 6,
      }),
  },
  {
    name: 'highest passes',
    change: (s) => {
      s.guild.verification_level = GuildVerificationLevel.VeryHigh;
    },
    expected: 'PASS',
  },
  {
    name: 'low fails',
    change: (s) => {
      s.guild.verification_level = GuildVerificationLevel.Low;
    },
    expected: 'FAIL',
    evidence: (e) =>
      expect(e).toMatchObject({
        verificationLabel: 'Low',
        recommendation: 'Raise the verification level to Medium or higher.',
        features: expect.arrayContaining([{ name: 'Verification level Medium or higher', enabled: false }]),
      }),
  },
  {
    name: 'none fails and counts members bypassing verification',
    change: (s) => {
      s.guild.verification_level = GuildVerificationLevel.None;
      const member = s.members?.[3];
      if (member) member.flags = 1 << 2;
    },
    expected: 'FAIL',
    evidence: (e) => expect(e.membersBypassingVerification).toBe(1),
  },
]);

import { GuildVerificationLevel } from 'discord-api-types/v10';
import { describe, expect, it } from 'vitest';
import {
  meetsVerificationBaseline,
  meetsVerificationRecommendation,
  RECOMMENDED_VERIFICATION_LEVEL,
  VERIFICATION_BASELINE_LEVEL,
  verificationLevelLabel,
} from './verification-level.js';

describe('verification level', () => {
  it('names every level Discord defines, and an unknown one by its number', () => {
    expect([0, 1, 2, 3, 4, 5].map(verificationLevelLabel)).toEqual([
      'None',
      'Low',
      'Medium',
      'High',
      'Highest',
      'Level 5',
    ]);
    expect(verificationLevelLabel(GuildVerificationLevel.VeryHigh)).toBe('Highest');
  });

  it('requires Medium to pass and advises High', () => {
    expect(VERIFICATION_BASELINE_LEVEL).toBe(GuildVerificationLevel.Medium);
    expect(RECOMMENDED_VERIFICATION_LEVEL).toBe(GuildVerificationLevel.High);
    expect([0, 1, 2, 3, 4].map(meetsVerificationBaseline)).toEqual([false, false, true, true, true]);
    expect([0, 1, 2, 3, 4].map(meetsVerificationRecommendation)).toEqual([false, false, false, true, true]);
  });
});

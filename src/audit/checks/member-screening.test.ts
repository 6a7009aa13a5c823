import { expect } from 'vitest';
import { describeCheckTable } from '../testing/check-table.js';
import * as check from './member-screening.js';

describeCheckTable(check, [
  {
    name: 'community with screening and a rules channel passes',
    expected: 'PASS',
    evidence: (e) => expect(e.hasWelcomeScreen).toBe(true),
  },
  {
    name: 'screening gate off fails',
    change: (s) => {
      s.guild.features = s.guild.features.filter((feature) => feature !== 'MEMBER_VERIFICATION_GATE_ENABLED');
    },
    expected: 'FAIL',
  },
  {
    name: 'no rules channel fails',
    change: (s) => {
      s.guild.rules_channel_id = null;
    },
    expected: 'FAIL',
    evidence: (e) => expect(e.hasRulesChannel).toBe(false),
  },
  {
    name: 'not a community guild fails: screening cannot exist',
    change: (s) => {
      s.guild.features = [];
    },
    expected: 'FAIL',
  },
  {
    name: 'unreadable onboarding and welcome screen do not matter',
    change: (s) => {
      s.onboarding = null;
      s.welcomeScreen = null;
    },
    expected: 'PASS',
    evidence: (e) => expect(e.onboardingEnabled).toBeNull(),
  },
]);

import { DEMO_ACCOUNTS } from '../../simulators/discord/fixtures/accounts.js';
import type { DemoAccount } from './seed.js';

/** Product-side roles of the simulator's demo users: who has a paid plan, and what each one demonstrates. */
const DEMO_ROLES: Record<string, { entitled: boolean; description: string }> = {
  '1100000000000000001': { entitled: false, description: 'owner of 3 servers, no plan yet (lands on the paywall)' },
  '1100000000000000002': { entitled: true, description: 'owner with a paid plan (lands on the dashboard)' },
  '1100000000000000003': { entitled: false, description: 'administrator' },
  '1100000000000000004': { entitled: false, description: 'manages one of Olivia’s servers without owning it' },
};

export type DescribedDemoAccount = DemoAccount & { description: string };

export function demoAccounts(): DescribedDemoAccount[] {
  return DEMO_ACCOUNTS.map(({ user }) => {
    const role = DEMO_ROLES[user.id] ?? { entitled: false, description: 'demo user' };
    return {
      discordId: user.id,
      username: user.username,
      discriminator: user.discriminator,
      globalName: user.global_name ?? user.username,
      ...role,
    };
  });
}

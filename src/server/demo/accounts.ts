import { ADA, DEMO_ACCOUNTS, EDDIE, MONA, OLIVIA } from '../../simulators/discord/fixtures/accounts.js';
import { PATCH_NOTES_WEBHOOK_ID, simulatedWebhookToken } from '../../simulators/discord/fixtures/index.js';
import type { DemoAccount } from './seed.js';

/** Product-side roles of the simulator's demo users: who has a paid plan, and what each one demonstrates. */
const DEMO_ROLES: Record<string, { entitled: boolean; description: string }> = {
  [OLIVIA.user.id]: { entitled: false, description: 'owner of 3 servers, no plan yet (lands on the paywall)' },
  [EDDIE.user.id]: { entitled: true, description: 'owner with a paid plan (lands on the dashboard)' },
  [ADA.user.id]: { entitled: false, description: 'administrator' },
  [MONA.user.id]: { entitled: false, description: 'manages one of Olivia’s servers without owning it' },
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

/** An incoming webhook of Pixel Plaza's #patch-notes in the simulator: where demo drift alerts can be sent. */
export function demoAlertWebhookUrl(): string {
  return `https://discord.com/api/webhooks/${PATCH_NOTES_WEBHOOK_ID}/${simulatedWebhookToken(PATCH_NOTES_WEBHOOK_ID)}`;
}

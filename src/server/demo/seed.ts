import { count } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { entitlements, users } from '../db/schema.js';

export interface DemoAccount {
  discordId: string;
  username: string;
  discriminator: string;
  globalName: string;
  /** Seed a paid DIY entitlement so this account skips the paywall. */
  entitled: boolean;
}

/**
 * Seeds the demo accounts' product-side data (entitlements). Runs only in demo mode and only on an
 * empty database, so it never touches real or already-used data.
 */
export async function seedDemoData(db: Database, accounts: readonly DemoAccount[]): Promise<boolean> {
  const [existing] = await db.select({ value: count() }).from(users);
  if ((existing?.value ?? 0) > 0) return false;
  await db.transaction(async (tx) => {
    for (const account of accounts) {
      const [user] = await tx
        .insert(users)
        .values({
          discordId: account.discordId,
          username: account.username,
          discriminator: account.discriminator,
          globalName: account.globalName,
        })
        .returning({ id: users.id });
      if (user !== undefined && account.entitled) {
        await tx.insert(entitlements).values({ userId: user.id, plan: 'DIY', source: 'demo-seed' });
      }
    }
  });
  return true;
}

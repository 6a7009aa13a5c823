import { desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { CreateTestAccountRequest, TestAccount } from '../../../shared/contracts/admin-staff.js';
import type { Database } from '../../db/client.js';
import { sessions, users } from '../../db/schema.js';
import { testAccounts } from '../../db/schema-staff.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { AppError, notFound } from '../../errors.js';
import { recordStaffAction, type StaffActionInput } from '../staff-actions/record.js';
import { generatedDiscordId } from './discord-id.js';
import { hashPassword } from './passwords.js';

type NewTestAccount = z.output<typeof CreateTestAccountRequest>;
type TestAccountRow = typeof testAccounts.$inferSelect;
type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
type Actor = StaffActionInput['actor'];

export const USERNAME_TAKEN = 'A test account with this username already exists (usernames ignore case).';
export const USER_ALREADY_BOUND = 'This Discord account already has a test account: delete that one first.';

function toTestAccount(row: TestAccountRow, discordId: string): TestAccount {
  return {
    id: row.id,
    username: row.username,
    discordId,
    isAdmin: row.isAdmin,
    hasPassword: row.passwordHash !== '',
    createdAt: row.createdAt.toISOString(),
  };
}

/** What the audit trail keeps of an account: never its password or hash. */
function trailOf(row: TestAccountRow, discordId: string) {
  return { username: row.username, discordId, isAdmin: row.isAdmin, ownsUser: row.ownsUser };
}

export async function listTestAccounts(db: Database): Promise<TestAccount[]> {
  const rows = await db
    .select({ account: testAccounts, discordId: users.discordId })
    .from(testAccounts)
    .innerJoin(users, eq(users.id, testAccounts.userId))
    .orderBy(desc(testAccounts.createdAt), desc(testAccounts.id));
  return rows.map(({ account, discordId }) => toTestAccount(account, discordId));
}

/** A generated id no stored user has yet (a repeat of 19 random digits is all but impossible, but costs one read). */
async function unusedGeneratedDiscordId(tx: Transaction): Promise<string> {
  for (;;) {
    const candidate = generatedDiscordId();
    const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.discordId, candidate));
    if (taken === undefined) return candidate;
  }
}

/**
 * The user the account acts as: the stored user with that Discord id (the account does not own it), or a
 * new user made for the account. An admin account makes its user staff through `test_account_admin`.
 */
async function userToActAs(tx: Transaction, account: NewTestAccount): Promise<{ id: string; ownsUser: boolean }> {
  const discordId = account.discordId === undefined || account.discordId === '' ? undefined : account.discordId;
  if (discordId !== undefined) {
    const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.discordId, discordId));
    if (existing !== undefined) {
      const [bound] = await tx
        .select({ id: testAccounts.id })
        .from(testAccounts)
        .where(eq(testAccounts.userId, existing.id));
      if (bound !== undefined) throw new AppError('CONFLICT', USER_ALREADY_BOUND);
      if (account.isAdmin)
        await tx.update(users).set({ testAccountAdmin: true, updatedAt: new Date() }).where(eq(users.id, existing.id));
      return { id: existing.id, ownsUser: false };
    }
  }
  const [created] = await tx
    .insert(users)
    .values({
      discordId: discordId ?? (await unusedGeneratedDiscordId(tx)),
      username: account.username,
      testAccountAdmin: account.isAdmin,
    })
    .returning({ id: users.id });
  if (created === undefined) throw new Error('user insert returned no row');
  return { id: created.id, ownsUser: true };
}

/** Usernames are stored lower-cased, so a duplicate in any case is refused (409). */
export async function createTestAccount(
  db: Database,
  input: { account: NewTestAccount; actor: Actor },
): Promise<TestAccount> {
  const { account, actor } = input;
  const username = account.username.toLowerCase();
  // Hashing takes tens of milliseconds: done before the transaction, which then holds no lock meanwhile.
  const passwordHash = await hashPassword(account.password);
  try {
    return await db.transaction(async (tx) => {
      const [taken] = await tx
        .select({ id: testAccounts.id })
        .from(testAccounts)
        .where(eq(testAccounts.username, username));
      if (taken !== undefined) throw new AppError('CONFLICT', USERNAME_TAKEN);
      const user = await userToActAs(tx, account);
      const [row] = await tx
        .insert(testAccounts)
        .values({
          userId: user.id,
          username,
          passwordHash,
          isAdmin: account.isAdmin,
          ownsUser: user.ownsUser,
          createdByUserId: actor.id,
        })
        .returning();
      const [stored] = await tx.select({ discordId: users.discordId }).from(users).where(eq(users.id, user.id));
      if (row === undefined || stored === undefined) throw new Error('test account insert returned no row');
      await recordStaffAction(tx, {
        actor,
        action: 'test_account.create',
        targetType: 'test_account',
        targetId: row.id,
        summary: `Created the ${row.isAdmin ? 'admin ' : ''}test account ${row.username}.`,
        after: trailOf(row, stored.discordId),
      });
      return toTestAccount(row, stored.discordId);
    });
  } catch (error) {
    // Two creations at once pass the reads above; the unique indexes refuse the second.
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', `${USERNAME_TAKEN} ${USER_ALREADY_BOUND}`);
    throw error;
  }
}

/**
 * Deletes the account and ends every session of its user; the user made for it goes too, a user it was
 * bound to stays (no longer staff through it). Returns once the transaction has committed.
 */
export async function deleteTestAccount(db: Database, input: { id: string; actor: Actor }): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.delete(testAccounts).where(eq(testAccounts.id, input.id)).returning();
    if (row === undefined) throw notFound('Test account');
    const [user] = await tx.select({ discordId: users.discordId }).from(users).where(eq(users.id, row.userId));
    await tx.delete(sessions).where(eq(sessions.userId, row.userId));
    if (row.ownsUser) await tx.delete(users).where(eq(users.id, row.userId));
    else await tx.update(users).set({ testAccountAdmin: false, updatedAt: new Date() }).where(eq(users.id, row.userId));
    await recordStaffAction(tx, {
      actor: input.actor,
      action: 'test_account.delete',
      targetType: 'test_account',
      targetId: row.id,
      summary: `Deleted the test account ${row.username} and ended its sessions.`,
      before: trailOf(row, user?.discordId ?? ''),
    });
  });
}

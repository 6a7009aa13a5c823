import { DiscordAPIError, type REST } from '@discordjs/rest';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AuditContext } from '../../../audit/types.js';
import { BotNotInGuildError, collectSnapshot } from '../../../audit/collector.js';
import { runAuditSteps } from '../../../audit/engine.js';
import { recomputeSummary } from '../../../audit/scoring.js';
import { runInSlices } from '../../../audit/slices.js';
import type { AuditSnapshot } from '../../../shared/audit-snapshot.js';
import type { Audit } from '../../../shared/contracts/audits.js';
import type { AuditTrigger } from '../../../shared/monitoring-rules.js';
import type { Database } from '../../db/client.js';
import type { AuditRow } from '../../db/rows.js';
import { audits, checkResults, servers, users } from '../../db/schema.js';
import type { ClaimedAudit } from '../../jobs/audit-queue.js';
import type { StoredNotification } from '../notifications/notify.js';
import { syncCertificate } from '../certificates/sync.js';
import { toAudit } from './mappers.js';
import { recordAuditCompleted, recordAuditFailed } from './notices.js';
import { liveWaivers, withWaiver } from './waivers.js';

export const BOT_NOT_IN_SERVER_REASON =
  'The Rampart bot is not in this server yet. Use the Invite button to add it, then run the audit again.';

/** Progress steps written as the run advances (the web maps them to its 8 labels). */
const STEP = { collecting: 2, evaluating: 6, saving: 7, done: 8 } as const;

export interface AuditRunnerOptions {
  db: Database;
  rest: REST;
  /** The bot token `rest` carries, for the Gateway session that reads member lists. */
  botToken: string;
  log: FastifyBaseLogger;
  /** The clock that decides which of the server's waivers are still live, and dates certificate changes. */
  now(): Date;
  /** Tells the people concerned that an audit changed. Best-effort: it must not throw. */
  notify(audit: Audit): Promise<void>;
  /** Pushes the notifications stored with the audit's completion, once committed. Best-effort: must not throw. */
  pushNotifications(stored: readonly StoredNotification[]): void;
  lifecycle?: AuditLifecycleHooks;
}

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** What other modules (monitoring) add to an audit's end. */
export interface AuditLifecycleHooks {
  /** Runs in the completion's transaction; what it returns is pushed, and `afterCommit` run, once committed. */
  completed(
    tx: Transaction,
    audit: AuditRow,
    serverName: string,
  ): Promise<{ notifications: StoredNotification[]; afterCommit(): void }>;
  /** Runs once a failure is stored. Best-effort: it must not throw. */
  failed(audit: AuditRow): Promise<void>;
}

class LostLeaseError extends Error {}

/** How a run ended: stored, failed for its owner to read, lost to another claim, or its audit gone. */
export type AuditRunOutcome = 'completed' | 'failed' | 'lost_lease' | 'missing';

/** What a run reports for the metrics and its log line; `restCalls` is null when collection failed. */
export interface AuditRunReport {
  outcome: AuditRunOutcome;
  serverId: string | null;
  trigger: AuditTrigger | null;
  restCalls: number | null;
}

export function createAuditRunner(options: AuditRunnerOptions) {
  const { db, log } = options;

  const heldBy = (claim: ClaimedAudit) =>
    and(eq(audits.id, claim.id), eq(audits.status, 'running'), eq(audits.claimToken, claim.claimToken));

  const update = async (claim: ClaimedAudit, values: Partial<typeof audits.$inferInsert>) => {
    const [row] = await db.update(audits).set(values).where(heldBy(claim)).returning();
    if (row !== undefined) await options.notify(toAudit(row));
    return row;
  };

  /** Fails the audit if the claim still holds it, telling the owner side in the same transaction. */
  const fail = async (claim: ClaimedAudit, reason: string) => {
    const failed = await db.transaction(async (tx) => {
      const [row] = await tx
        .update(audits)
        .set({
          status: 'failed',
          failureReason: reason,
          completedAt: new Date(),
          leaseExpiresAt: null,
          leaseHolder: null,
          claimToken: null,
        })
        .where(heldBy(claim))
        .returning();
      if (row === undefined) return undefined;
      const [server] = await tx.select({ name: servers.name }).from(servers).where(eq(servers.id, row.serverId));
      return { row, notifications: await recordAuditFailed(tx, row, server?.name ?? 'your server') };
    });
    if (failed === undefined) return undefined;
    await options.notify(toAudit(failed.row));
    options.pushNotifications(failed.notifications);
    return failed.row;
  };

  async function run(claim: ClaimedAudit): Promise<AuditRunReport> {
    const [row] = await db
      .select({ audit: audits, server: servers })
      .from(audits)
      .innerJoin(servers, eq(servers.id, audits.serverId))
      .where(eq(audits.id, claim.id));
    if (row === undefined) return { outcome: 'missing', serverId: null, trigger: null, restCalls: null };
    const ended = (outcome: AuditRunOutcome, restCalls: number | null): AuditRunReport => ({
      outcome,
      serverId: row.server.id,
      trigger: row.audit.trigger,
      restCalls,
    });
    await update(claim, { progressStep: STEP.collecting });

    let collected: { snapshot: AuditSnapshot; restCalls: number };
    try {
      collected = await collectSnapshot({
        rest: options.rest,
        botToken: options.botToken,
        guildId: row.server.discordId,
      });
    } catch (error) {
      log.warn({ err: error, auditId: claim.id }, 'audit collection failed');
      const failed = await fail(claim, collectionFailureReason(error));
      if (failed !== undefined) await options.lifecycle?.failed(failed);
      return ended(failed === undefined ? 'lost_lease' : 'failed', null);
    }
    await update(claim, { progressStep: STEP.evaluating });
    // 50,000 members take longer to evaluate than the event loop may be held: the checks run in slices.
    const report = await runInSlices(runAuditSteps(collected.snapshot, await ownerContext(db, collected.snapshot)));
    await update(claim, { progressStep: STEP.saving });

    try {
      const finished = await db.transaction(async (tx) => {
        // Waivers granted on earlier audits of the server carry over while they are live.
        const live = await liveWaivers(tx, row.server.id, options.now());
        const results = report.checks.map((check) => ({ check, ...withWaiver(check, live) }));
        const [done] = await tx
          .update(audits)
          .set({
            status: 'completed',
            // The engine's formula over what is stored: a waived check counts as passed.
            ...recomputeSummary(results.map(({ check, status }) => ({ severity: check.severity, status }))),
            progressStep: STEP.done,
            restCalls: collected.restCalls,
            completedAt: new Date(),
            leaseExpiresAt: null,
            leaseHolder: null,
            claimToken: null,
            failureReason: null,
          })
          .where(heldBy(claim))
          .returning();
        // The audit was handed back or taken over after our lease lapsed: the current claim's result wins.
        if (done === undefined) throw new LostLeaseError();
        await tx.delete(checkResults).where(eq(checkResults.auditId, claim.id));
        await tx.insert(checkResults).values(
          results.map(({ check, ...waived }, position) => ({
            auditId: claim.id,
            position,
            checkId: check.checkId,
            checkName: check.checkName,
            category: check.category,
            severity: check.severity,
            ...waived,
            engineStatus: check.status === 'WAIVED' ? 'FAIL' : check.status,
            remediation: check.remediation,
            whyThisMatters: check.whyThisMatters,
            evidenceGuidance: check.evidenceGuidance,
            requiresManualEvidence: check.requiresManualEvidence,
            references: check.references,
            evidence: check.evidence,
          })),
        );
        const facts = serverFacts(collected.snapshot);
        await tx.update(servers).set(facts).where(eq(servers.id, row.server.id));
        await syncCertificate(tx, claim.id, options.now());
        const extra = await options.lifecycle?.completed(tx, done, facts.name);
        const notifications = await recordAuditCompleted(tx, done, facts.name);
        return { done, notifications: [...notifications, ...(extra?.notifications ?? [])], extra };
      });
      await options.notify(toAudit(finished.done));
      options.pushNotifications(finished.notifications);
      finished.extra?.afterCommit();
      return ended('completed', collected.restCalls);
    } catch (error) {
      if (error instanceof LostLeaseError) return ended('lost_lease', collected.restCalls);
      throw error;
    }
  }

  async function giveUp(claim: ClaimedAudit, reason: string): Promise<void> {
    await fail(claim, reason);
  }

  return { run, giveUp };
}

/** The owner's 2FA is known only from the owner's own sign-in (Discord shows it to no one else). */
async function ownerContext(db: Database, snapshot: AuditSnapshot): Promise<AuditContext> {
  const [owner] = await db
    .select({ mfaEnabled: users.mfaEnabled })
    .from(users)
    .where(eq(users.discordId, snapshot.guild.owner_id));
  return owner?.mfaEnabled === null || owner?.mfaEnabled === undefined ? {} : { ownerMfaEnabled: owner.mfaEnabled };
}

function serverFacts(snapshot: AuditSnapshot) {
  const { guild } = snapshot;
  const bots =
    snapshot.members?.filter((member) => member.user.bot === true).length ??
    guild.roles.filter((role) => role.tags?.bot_id !== undefined).length;
  return {
    name: guild.name,
    icon: guild.icon,
    ownerDiscordId: guild.owner_id,
    memberCount: guild.approximate_member_count ?? snapshot.members?.length ?? 0,
    roleCount: guild.roles.length,
    channelCount: snapshot.channels?.length ?? 0,
    botCount: bots,
    factsReadAt: new Date(),
    updatedAt: new Date(),
  };
}

function collectionFailureReason(error: unknown): string {
  if (error instanceof BotNotInGuildError) return BOT_NOT_IN_SERVER_REASON;
  if (error instanceof DiscordAPIError) {
    return `Discord refused to share this server's settings (${error.status}: ${error.message}). Check the bot's permissions and run the audit again.`;
  }
  return 'Discord could not be reached to read this server. Please run the audit again in a few minutes.';
}

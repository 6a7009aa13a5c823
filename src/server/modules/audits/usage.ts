import { and, count, eq, isNull, ne, or } from 'drizzle-orm';
import type { AuditUsage } from '../../../shared/contracts/audits.js';
import { AUDITS_PER_ENTITLEMENT } from '../../../shared/plans.js';
import type { Database } from '../../db/client.js';
import { audits, entitlements } from '../../db/schema.js';
import type { Caller } from '../auth/caller.js';

/**
 * How many audits the caller may still run on this server. Admins are not metered. For owners the
 * limit is the sum of their entitlements that apply to the server (bound to it, or unbound), and
 * every audit they started there that did not fail counts as used.
 */
export async function getAuditUsage(db: Database, caller: Caller, serverId: string): Promise<AuditUsage> {
  const [used] = await db
    .select({ value: count() })
    .from(audits)
    .where(
      and(eq(audits.serverId, serverId), eq(audits.requestedByUserId, caller.user.id), ne(audits.status, 'failed')),
    );
  const auditsUsed = used?.value ?? 0;
  if (caller.isAdmin) {
    return { isAdmin: true, canAudit: true, remaining: 0, auditsUsed, auditLimit: 0 };
  }
  const plans = await db
    .select({ plan: entitlements.plan })
    .from(entitlements)
    .where(
      and(
        eq(entitlements.userId, caller.user.id),
        or(isNull(entitlements.serverId), eq(entitlements.serverId, serverId)),
      ),
    );
  const auditLimit = plans.reduce((sum, { plan }) => sum + AUDITS_PER_ENTITLEMENT[plan], 0);
  const remaining = Math.max(0, auditLimit - auditsUsed);
  return { isAdmin: false, canAudit: remaining > 0, remaining, auditsUsed, auditLimit };
}

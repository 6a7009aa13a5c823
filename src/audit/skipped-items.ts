import type { CheckId } from '../shared/audit-contract.js';
import type { AuditSnapshot, SnapshotListPart } from '../shared/audit-snapshot.js';
import type { CheckOutcome } from './types.js';

/** Which snapshot lists each automated check reads; a check reading none of them is absent. */
const PARTS_READ: Partial<Record<CheckId, readonly SnapshotListPart[]>> = {
  MODERATOR_PERMISSIONS: ['roles', 'members'],
  AUTOMOD_ENABLED: ['autoModerationRules'],
  AUDIT_LOG_ACCESS: ['roles', 'members'],
  ROLE_HIERARCHY: ['roles', 'members'],
  WEBHOOK_SECURITY: ['roles', 'channels', 'members', 'webhooks'],
  CHANNEL_HARDENING: ['roles', 'channels', 'members'],
  EXTERNAL_CONTENT: ['roles', 'channels'],
  STAGE_FORUM_CHANNELS: ['roles', 'channels'],
  INACTIVE_BOTS: ['roles', 'members', 'integrations', 'auditLogEntries'],
  PRIVILEGED_PERMISSIONS: ['roles', 'members'],
  BOT_ADMIN_PRIVILEGES: ['roles', 'members'],
  INACTIVE_ROLES: ['roles', 'members'],
};

const PART_LABELS: Readonly<Record<SnapshotListPart, string>> = {
  roles: 'role',
  channels: 'channel',
  members: 'member',
  autoModerationRules: 'AutoMod rule',
  integrations: 'integration',
  webhooks: 'webhook',
  auditLogEntries: 'audit-log entry',
};

/**
 * Items set aside by the snapshot schema could hide a problem, so a check that read their list cannot
 * pass on what remains: a PASS becomes UNKNOWN naming them, and any other outcome notes them.
 */
export function withSkippedItems(checkId: CheckId, snapshot: AuditSnapshot, outcome: CheckOutcome): CheckOutcome {
  const parts = PARTS_READ[checkId] ?? [];
  const skipped = (snapshot.skippedItems ?? []).filter((item) => parts.includes(item.part));
  if (skipped.length === 0) return outcome;
  const notes = skipped.map(
    (item) =>
      `Discord sent a ${PART_LABELS[item.part]}${item.id ? ` (${item.id})` : ''} the audit could not read (${item.issue})`,
  );
  const missingData = [...(outcome.evidence.missingData ?? []), ...notes];
  if (outcome.status !== 'PASS') return { ...outcome, evidence: { ...outcome.evidence, missingData } };
  return {
    status: 'UNKNOWN',
    evidence: { ...outcome.evidence, summary: `Not enough data: ${notes.join('; ')}`, missingData },
  };
}

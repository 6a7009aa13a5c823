import { CalendarClock, Gavel, UserPen } from 'lucide-react';
import type { StoredCheckResult } from '../../../../shared/contracts/audits';
import { Badge } from '../../../components/ui/badge';
import { formatDate, formatDateTime } from '../../../lib/format-date';

/**
 * Who stands behind a check's status when it is not the engine's (docs/decisions/0009): the owner's
 * self-attested claim, which does not count, or a Rampart staff decision, which does.
 */
export function OverrideBadge({ check }: { check: StoredCheckResult }) {
  if (check.overrideKind === 'self_attested') {
    return (
      <Badge variant="outline" className="border-warning/60 bg-warning/15 text-foreground">
        <UserPen aria-hidden="true" />
        Self-attested by owner
      </Badge>
    );
  }
  if (check.overrideKind === 'staff') {
    return (
      <Badge variant="secondary">
        <Gavel aria-hidden="true" />
        Staff decision
      </Badge>
    );
  }
  return null;
}

const ENGINE_FINDING: Record<StoredCheckResult['engineStatus'], string> = {
  PASS: 'passed',
  FAIL: 'failed',
  UNKNOWN: 'could not be checked',
};

function byWhomAndWhen(check: StoredCheckResult): string {
  const who = check.overriddenBy === null ? '' : ` by ${check.overriddenBy}`;
  const when = check.overriddenAt === null ? '' : ` on ${formatDateTime(check.overriddenAt)}`;
  return `${who}${when}`;
}

export function OverrideNote({ check }: { check: StoredCheckResult }) {
  if (check.overrideKind === null) return null;
  const reason = check.overrideReason ?? 'No reason given.';
  if (check.overrideKind === 'staff') {
    return (
      <p className="text-sm">
        <span className="font-medium">Staff decision{byWhomAndWhen(check)}: </span>
        {reason}
      </p>
    );
  }
  return (
    <p className="rounded-md border border-warning/60 bg-warning/10 px-3 py-2 text-sm">
      <span className="font-medium">
        Self-attested by the owner{byWhomAndWhen(check)} as {check.selfAttestedStatus === 'PASS' ? 'passed' : 'waived'}
        :{' '}
      </span>
      {reason} Not verified by Rampart (the audit found: {ENGINE_FINDING[check.engineStatus]}), so it counts neither in
      the score nor toward a certificate.
    </p>
  );
}

/**
 * Why a WAIVED check is waived (approved evidence or a staff decision) and until when: a waiver carries into
 * later audits of the server until it expires. A reason the staff note above already gives is not repeated.
 */
export function WaiverNote({ check }: { check: StoredCheckResult }) {
  if (check.status !== 'WAIVED') return null;
  const reason = check.waiveReason !== null && check.waiveReason !== check.overrideReason ? check.waiveReason : null;
  if (reason === null && check.waiverExpiresAt === null) return null;
  return (
    <div className="grid gap-1 rounded-md border border-primary/30 bg-primary/5 px-3 py-2 text-sm">
      {reason !== null && (
        <p>
          <span className="font-medium">Waiver reason: </span>
          {reason}
        </p>
      )}
      {check.waiverExpiresAt !== null && (
        <p className="flex items-center gap-1.5 text-muted-foreground">
          <CalendarClock className="size-3.5" aria-hidden="true" />
          Waiver expires {formatDate(check.waiverExpiresAt)}
        </p>
      )}
    </div>
  );
}

import type { CheckId, CheckStatus, Severity } from '../shared/audit-contract.js';
import { classifyCheckChange } from '../shared/audit-diff-rules.js';
import type { AuditDiff, CheckChange, DiffFinding } from '../shared/contracts/audit-insights.js';

/** A stored check result as far as a difference reads it: its status of record and its evidence. */
export interface DiffableCheck {
  checkId: CheckId;
  checkName: string;
  severity: Severity;
  status: CheckStatus;
  evidence: unknown;
}

type FindingKind = DiffFinding['kind'];

/** Evidence keys whose items name something, and what that something is. */
const NAMED_ITEM_KEYS: readonly { key: string; kind: Exclude<FindingKind, 'detail'> }[] = [
  { key: 'rolesWithCriticalPerms', kind: 'role' },
  { key: 'channels', kind: 'channel' },
  { key: 'botsWithDangerousPerms', kind: 'bot' },
  { key: 'problematicBots', kind: 'bot' },
  { key: 'members', kind: 'member' },
  { key: 'integrations', kind: 'integration' },
  { key: 'webhooks', kind: 'webhook' },
];

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function nonBlank(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

/** How an item is known to a reader: a webhook by its name and channel, anything else by its name. */
function itemLabel(kind: FindingKind, item: unknown): string | null {
  if (!isRecord(item)) return nonBlank(item);
  const name = nonBlank(item.name) ?? nonBlank(item.displayName) ?? nonBlank(item.username);
  if (name === null) return null;
  const channel = kind === 'webhook' ? nonBlank(item.channel) : null;
  return channel === null ? name : `${name} in ${channel}`;
}

const findingKey = (finding: DiffFinding) => `${finding.kind}\u0000${finding.label}`;

function uniqueFindings(findings: readonly DiffFinding[]): DiffFinding[] {
  const seen = new Map<string, DiffFinding>();
  for (const finding of findings) if (!seen.has(findingKey(finding))) seen.set(findingKey(finding), finding);
  return [...seen.values()];
}

/** The roles, channels, bots, members, integrations and webhooks a check's evidence names. */
export function namedFindings(evidence: unknown): DiffFinding[] {
  if (!isRecord(evidence)) return [];
  return uniqueFindings(
    NAMED_ITEM_KEYS.flatMap(({ key, kind }) => {
      const items = evidence[key];
      if (!Array.isArray(items)) return [];
      return items.flatMap((item) => {
        const label = itemLabel(kind, item);
        return label === null ? [] : [{ kind, label }];
      });
    }),
  );
}

function detailFindings(evidence: unknown): DiffFinding[] {
  if (!isRecord(evidence) || !Array.isArray(evidence.details)) return [];
  return uniqueFindings(
    evidence.details.flatMap((detail) => (nonBlank(detail) ? [{ kind: 'detail', label: detail }] : [])),
  );
}

/**
 * The findings of one check on both sides: its named items, or its detail lines when neither side names
 * any item (checks such as the verification level say what is wrong only in words).
 */
function findingsOfBothSides(before: unknown, after: unknown): { before: DiffFinding[]; after: DiffFinding[] } {
  const named = { before: namedFindings(before), after: namedFindings(after) };
  if (named.before.length > 0 || named.after.length > 0) return named;
  return { before: detailFindings(before), after: detailFindings(after) };
}

function missingFrom(findings: readonly DiffFinding[], other: readonly DiffFinding[]): DiffFinding[] {
  const present = new Set(other.map(findingKey));
  return findings.filter((finding) => !present.has(findingKey(finding)));
}

export interface DiffSides {
  audit: AuditDiff['audit'];
  against: NonNullable<AuditDiff['against']>;
}

/**
 * What changed from `againstChecks` to `auditChecks`, in the newer audit's order of checks. A check the
 * earlier audit did not have is compared with nothing (before: null, every finding appeared).
 */
export function diffAudits(
  sides: DiffSides,
  auditChecks: readonly DiffableCheck[],
  againstChecks: readonly DiffableCheck[],
): AuditDiff {
  const earlier = new Map(againstChecks.map((check) => [check.checkId, check]));
  const checks: AuditDiff['checks'] = { newFailures: [], fixed: [], regressed: [], unchanged: [] };
  const findings: AuditDiff['findings'] = { appeared: [], disappeared: [] };
  for (const check of auditChecks) {
    const previous = earlier.get(check.checkId);
    const sideFindings = findingsOfBothSides(previous?.evidence, check.evidence);
    const appeared = missingFrom(sideFindings.after, sideFindings.before);
    const disappeared = missingFrom(sideFindings.before, sideFindings.after);
    const change: CheckChange = {
      checkId: check.checkId,
      checkName: check.checkName,
      severity: check.severity,
      before: previous?.status ?? null,
      after: check.status,
      appeared,
      disappeared,
    };
    checks[classifyCheckChange(change.before, change.after, appeared.length > 0)].push(change);
    findings.appeared.push(...appeared.map((finding) => ({ ...finding, checkId: check.checkId })));
    findings.disappeared.push(...disappeared.map((finding) => ({ ...finding, checkId: check.checkId })));
  }
  const { audit, against } = sides;
  const scoreChange =
    audit.riskScore === null || against.riskScore === null ? null : audit.riskScore - against.riskScore;
  return { audit, against, scoreChange, checks, findings };
}

/** The answer when the server has no earlier completed audit: nothing to compare with. */
export function firstAuditDiff(audit: AuditDiff['audit']): AuditDiff {
  return {
    audit,
    against: null,
    scoreChange: null,
    checks: { newFailures: [], fixed: [], regressed: [], unchanged: [] },
    findings: { appeared: [], disappeared: [] },
  };
}

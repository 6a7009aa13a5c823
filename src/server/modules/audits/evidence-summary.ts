import type { CheckStatus } from '../../../shared/audit-contract.js';

/**
 * One line of evidence per check for the PDF report and other compact views. Stored evidence is a
 * free-form JSON object (older rows, admin edits), so every key is read defensively.
 */

/** Long enough for the engine's summaries, short enough to stay one or two lines in the PDF. */
export const SUMMARY_MAX_LENGTH = 220;
/** How many names a list summary shows before "+N more". */
export const NAMES_SHOWN = 4;
export const NO_EVIDENCE = 'No evidence provided';

/** Keys whose items carry a `name`, in the order a reader cares about them, with their label. */
const NAMED_LISTS: readonly { key: string; label: string }[] = [
  { key: 'rolesWithCriticalPerms', label: 'Roles' },
  { key: 'botsWithDangerousPerms', label: 'Bots' },
  { key: 'problematicBots', label: 'Bots' },
  { key: 'channels', label: 'Channels' },
  { key: 'members', label: 'Members' },
  { key: 'integrations', label: 'Integrations' },
];

function text(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const collapsed = value.replace(/\s+/g, ' ').trim();
  return collapsed === '' ? null : collapsed;
}

function strings(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item) => text(item) ?? []);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A finding's display name; role '*' is how older evidence wrote @everyone. */
function findingName(item: unknown): string | null {
  if (!isRecord(item)) return text(item);
  const name = text(item.name) ?? text(item.displayName) ?? text(item.username);
  return name === '*' ? '@everyone' : name;
}

function namesOf(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return [...new Set(value.flatMap((item) => findingName(item) ?? []))];
}

function listSummary(label: string, names: readonly string[]): string {
  const shown = names.slice(0, NAMES_SHOWN).join(', ');
  const rest = names.length - NAMES_SHOWN;
  return `${label}: ${shown}${rest > 0 ? ` (+${rest} more)` : ''}`;
}

function findingsSummary(evidence: Record<string, unknown>): string | null {
  const seen = new Set<string>();
  const parts: string[] = [];
  for (const { key, label } of NAMED_LISTS) {
    // Two bot lists usually name the same bots; show each label once.
    if (seen.has(label)) continue;
    const names = namesOf(evidence[key]);
    if (names.length === 0) continue;
    seen.add(label);
    parts.push(listSummary(label, names));
  }
  return parts.length === 0 ? null : parts.join('; ');
}

function missingSummary(evidence: Record<string, unknown>): string | null {
  const missing = strings(evidence.missingData);
  return missing.length === 0 ? null : `Not enough data: ${missing.join('; ')}`;
}

/** The engine's summary when a check found several problems; alone it says nothing about them. */
const BARE_PROBLEM_COUNT = /^\d+ problems? found\.?$/;

export function truncate(line: string, max: number = SUMMARY_MAX_LENGTH): string {
  return line.length <= max ? line : `${line.slice(0, max - 1).trimEnd()}…`;
}

/**
 * The evidence as one line: the engine's `summary` when there is one (with the details added
 * when it only counts problems); otherwise, for an UNKNOWN
 * check, what data was missing; otherwise the names of the roles, bots, channels, members or
 * integrations found; then the first detail; else "No evidence provided".
 */
export function summariseEvidence(evidence: unknown, status?: CheckStatus): string {
  if (!isRecord(evidence)) return NO_EVIDENCE;
  const summary = text(evidence.summary);
  if (summary !== null) {
    const details = strings(evidence.details);
    return truncate(
      BARE_PROBLEM_COUNT.test(summary) && details.length > 0
        ? `${summary.replace(/\.$/, '')}: ${details.join('; ')}`
        : summary,
    );
  }
  // An UNKNOWN check's partial findings matter less than why it could not be decided.
  const candidates =
    status === 'UNKNOWN'
      ? [missingSummary(evidence), findingsSummary(evidence)]
      : [findingsSummary(evidence), missingSummary(evidence)];
  const line =
    candidates.find((candidate) => candidate !== null) ?? strings(evidence.details)[0] ?? text(evidence.recommendation);
  return line ? truncate(line) : NO_EVIDENCE;
}

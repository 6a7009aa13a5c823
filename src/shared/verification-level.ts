/**
 * Discord's guild verification level (0–4) and the two thresholds Rampart reads it by
 * (docs/decisions/0015): the baseline the VERIFICATION_LEVEL check requires, and the level advised
 * for public servers. The engine's verdict, the entry-gate evidence and the evidence view all use
 * these, so they cannot disagree.
 */

/** Labels by level, as the dashboard names them (Discord's VERY_HIGH is shown as Highest). */
export const VERIFICATION_LEVEL_LABELS = ['None', 'Low', 'Medium', 'High', 'Highest'] as const;

/** Medium: accounts registered for 5 minutes. The check passes from here, as the Discord reference says. */
export const VERIFICATION_BASELINE_LEVEL = 2;

/** High: members of the server for 10 minutes. Advice for public servers, never a requirement. */
export const RECOMMENDED_VERIFICATION_LEVEL = 3;

export function verificationLevelLabel(level: number): string {
  return VERIFICATION_LEVEL_LABELS[level] ?? `Level ${level}`;
}

/** Whether the VERIFICATION_LEVEL check passes; the evidence view shows such a level as good. */
export function meetsVerificationBaseline(level: number): boolean {
  return level >= VERIFICATION_BASELINE_LEVEL;
}

/** Whether the level also follows the advice for public servers, so no note is needed. */
export function meetsVerificationRecommendation(level: number): boolean {
  return level >= RECOMMENDED_VERIFICATION_LEVEL;
}

import type { AuditSnapshot } from '../../shared/audit-snapshot.js';
import { SEAL_DISCORD } from '../references.js';
import type { CheckMetadata, CheckOutcome } from '../types.js';

export const metadata: CheckMetadata = {
  id: 'BOT_TOKEN_HYGIENE',
  name: 'Bot Token Hygiene',
  category: 'Bots & integrations',
  severity: 'HIGH',
  whyThisMatters:
    "A bot token is a password that never asks for 2FA. Whoever holds your own bots' tokens acts with all their permissions; leaked tokens in repositories and chat logs are one of the most common ways servers are nuked.",
  remediation:
    '1. Keep every self-hosted bot token in a secret store or environment variable, never in code or chat. 2. Scan repositories for leaked tokens and rotate any found. 3. Rotate tokens on a schedule and after staff changes. 4. Enable 2FA on every developer account that owns a bot in the server. 5. Turn off "Public Bot" for private bots.',
  evidenceGuidance:
    'Attest where each self-hosted bot token is stored, the last rotation date, that repositories are scanned for tokens, and that developer accounts have 2FA (checklist of 8 items). Never paste a token.',
  requiresManualEvidence: true,
  references: [SEAL_DISCORD],
};

/** No API shows where a token lives or when it was rotated, so only an attestation can pass this check. */
export function evaluate(snapshot: AuditSnapshot): CheckOutcome {
  const thirdPartyBots = snapshot.members
    ? snapshot.members.filter((member) => member.user.bot === true && member.user.id !== snapshot.botUserId).length
    : null;
  return {
    status: 'FAIL',
    evidence: {
      summary: 'Discord cannot show how bot tokens are stored or rotated; an attestation is required.',
      botsInServer: thirdPartyBots,
      recommendation: 'Submit the token-hygiene checklist for every bot your team hosts.',
    },
  };
}

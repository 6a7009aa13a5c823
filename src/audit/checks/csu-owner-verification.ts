import type { AuditSnapshot } from '../../shared/audit-snapshot.js';
import { displayNameOf } from '../guild-index.js';
import { SEAL_DISCORD } from '../references.js';
import type { AuditContext, CheckMetadata, CheckOutcome } from '../types.js';

export const metadata: CheckMetadata = {
  id: 'CSU_OWNER_VERIFICATION',
  name: 'Cold Super User (Owner Account)',
  category: 'Ownership & recovery',
  severity: 'CRITICAL',
  whyThisMatters:
    'The owner account bypasses every permission and cannot be removed by anyone. If it is phished, the server is lost. A "cold" owner account, used only for administration from a clean device with 2FA and offline backup codes, is the last line of defence.',
  remediation:
    '1. Enable 2FA (authenticator app or security key) on the owner account and store the backup codes offline. 2. Give the account its own email address used nowhere else. 3. Disable QR-code login and SMS backup. 4. Use the account only to administer the server, from a dedicated device. 5. Write down a recovery plan (who holds the backup codes, how ownership is transferred).',
  evidenceGuidance:
    'Sign in to Rampart as the server owner so that Discord confirms 2FA automatically. Otherwise attest: 2FA enabled, backup codes stored offline, a unique email, no SMS backup, a dedicated device, and a written recovery plan (checklist of 6 items).',
  requiresManualEvidence: true,
  references: [SEAL_DISCORD],
};

export function evaluate(snapshot: AuditSnapshot, context: AuditContext): CheckOutcome {
  const ownerId = snapshot.guild.owner_id;
  const owner = snapshot.members?.find((member) => member.user.id === ownerId);
  const facts = {
    ownerId,
    ownerName: owner ? displayNameOf(owner) : null,
    // Informational: a guild created by an application is owned by that app's account.
    botCreatedGuild: snapshot.guild.application_id !== null && snapshot.guild.application_id !== undefined,
  };
  if (context.ownerMfaEnabled === true) {
    return {
      status: 'PASS',
      evidence: {
        ...facts,
        verified: true,
        summary: 'Discord confirmed 2FA on the owner account (the owner signed in to Rampart).',
      },
    };
  }
  if (context.ownerMfaEnabled === false) {
    return {
      status: 'FAIL',
      evidence: {
        ...facts,
        verified: false,
        summary: 'Discord reports that the owner account has no 2FA.',
        recommendation: 'Enable 2FA on the owner account now, then store the backup codes offline.',
      },
    };
  }
  return {
    status: 'FAIL',
    evidence: {
      ...facts,
      verified: false,
      summary: "Discord does not reveal another user's 2FA state; owner evidence is required.",
      recommendation: 'Sign in as the owner to verify 2FA automatically, or submit the owner checklist as evidence.',
    },
  };
}

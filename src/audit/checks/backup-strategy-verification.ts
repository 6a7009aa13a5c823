import { SEAL_DISCORD } from '../references.js';
import type { CheckMetadata, CheckOutcome } from '../types.js';

export const metadata: CheckMetadata = {
  id: 'BACKUP_STRATEGY_VERIFICATION',
  name: 'Backup & Recovery Strategy',
  category: 'Ownership & recovery',
  severity: 'MEDIUM',
  whyThisMatters:
    'A compromised admin or a malicious bot can delete every channel and role in seconds ("nuking"). Discord keeps no backup you can restore; without your own export and a tested runbook, rebuilding takes days and permission mistakes creep in.',
  remediation:
    '1. Export the server structure regularly (a server template or a backup bot such as ServerBackup) and store it off-platform. 2. Keep a copy of role and channel permissions. 3. Write a restore runbook naming who restores and how. 4. Test a restore into a scratch server and record the date.',
  evidenceGuidance:
    'Submit dated evidence: the latest export or template (file or screenshot with date), where it is stored, the restore runbook, and the date of the last restore test (checklist of 8 items).',
  requiresManualEvidence: true,
  references: [SEAL_DISCORD],
};

/** Discord has no API for backups or their age, so this check always starts failed until evidence arrives. */
export function evaluate(): CheckOutcome {
  return {
    status: 'FAIL',
    evidence: {
      summary: 'Discord cannot show whether a backup exists; dated evidence is required.',
      details: [
        'Server templates are not backups of messages or members, and their existence is not proof of a tested restore.',
      ],
      recommendation: 'Submit your latest export, the restore runbook and the last restore-test date.',
    },
  };
}

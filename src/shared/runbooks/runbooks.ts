import { CHECK_IDS } from '../audit-contract.js';
import { BOTS_AND_INTEGRATIONS_RUNBOOKS } from './bots-and-integrations.js';
import { CHANNEL_RUNBOOKS } from './channels.js';
import { MODERATION_AND_VERIFICATION_RUNBOOKS } from './moderation-and-verification.js';
import { OWNERSHIP_AND_RECOVERY_RUNBOOKS } from './ownership-and-recovery.js';
import { ROLES_AND_PERMISSIONS_RUNBOOKS } from './roles-and-permissions.js';
import type { RunbookEntry } from './runbook.js';

const ALL: readonly RunbookEntry[] = [
  ...OWNERSHIP_AND_RECOVERY_RUNBOOKS,
  ...ROLES_AND_PERMISSIONS_RUNBOOKS,
  ...BOTS_AND_INTEGRATIONS_RUNBOOKS,
  ...CHANNEL_RUNBOOKS,
  ...MODERATION_AND_VERIFICATION_RUNBOOKS,
];

/** The DIY runbooks, one per check, in the checklist's order (the order of CHECK_IDS). */
export const RUNBOOKS: readonly RunbookEntry[] = CHECK_IDS.flatMap((checkId) =>
  ALL.filter((runbook) => runbook.checkId === checkId),
);

import type { AuditCheck } from './types.js';
import * as auditLogAccess from './checks/audit-log-access.js';
import * as automodEnabled from './checks/automod-enabled.js';
import * as backupStrategyVerification from './checks/backup-strategy-verification.js';
import * as botAdminPrivileges from './checks/bot-admin-privileges.js';
import * as botTokenHygiene from './checks/bot-token-hygiene.js';
import * as channelHardening from './checks/channel-hardening.js';
import * as csuOwnerVerification from './checks/csu-owner-verification.js';
import * as everyonePermissions from './checks/everyone-permissions.js';
import * as explicitContentFilter from './checks/explicit-content-filter.js';
import * as externalContent from './checks/external-content.js';
import * as inactiveBots from './checks/inactive-bots.js';
import * as inactiveRoles from './checks/inactive-roles.js';
import * as memberScreening from './checks/member-screening.js';
import * as mfaModeration from './checks/mfa-moderation.js';
import * as moderatorPermissions from './checks/moderator-permissions.js';
import * as privilegedPermissions from './checks/privileged-permissions.js';
import * as roleHierarchy from './checks/role-hierarchy.js';
import * as stageForumChannels from './checks/stage-forum-channels.js';
import * as verificationLevel from './checks/verification-level.js';
import * as webhookSecurity from './checks/webhook-security.js';

/** All twenty checks, in the order of the checklist. Adding a check means adding it here. */
export const CHECKS: readonly AuditCheck[] = [
  moderatorPermissions,
  mfaModeration,
  automodEnabled,
  auditLogAccess,
  roleHierarchy,
  explicitContentFilter,
  csuOwnerVerification,
  webhookSecurity,
  verificationLevel,
  everyonePermissions,
  channelHardening,
  externalContent,
  stageForumChannels,
  inactiveBots,
  privilegedPermissions,
  backupStrategyVerification,
  botTokenHygiene,
  memberScreening,
  botAdminPrivileges,
  inactiveRoles,
];

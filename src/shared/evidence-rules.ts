/**
 * Evidence, threads and notifications as plain values, shared by the engine-free server rules and the web
 * without loading a validation library (docs/decisions/0021). The wire schemas are in contracts/evidence.ts
 * and contracts/notifications.ts.
 */

export const EVIDENCE_STATUSES = ['PENDING', 'APPROVED', 'REJECTED'] as const;
export type EvidenceStatus = (typeof EVIDENCE_STATUSES)[number];

/** OPEN is listed by the spec and accepted when read, but never written (docs/decisions/0023). */
export const THREAD_STATUSES = ['OPEN', 'PENDING_USER', 'PENDING_ADMIN', 'RESOLVED'] as const;
export type ThreadStatus = (typeof THREAD_STATUSES)[number];

export const THREAD_STATUS_LABELS: Record<ThreadStatus, string> = {
  OPEN: 'Open',
  PENDING_USER: 'Awaiting Your Response',
  PENDING_ADMIN: 'Under Review',
  RESOLVED: 'Resolved',
};

export const EVIDENCE_DECISIONS = ['APPROVED', 'REJECTED'] as const;
export type EvidenceDecision = (typeof EVIDENCE_DECISIONS)[number];

/** The Submit Evidence dialog's four kinds, as labelled there. */
export const EVIDENCE_TYPES = ['note', 'screenshot', 'document', 'json'] as const;
export type EvidenceType = (typeof EVIDENCE_TYPES)[number];
export const EVIDENCE_TYPE_LABELS: Record<EvidenceType, string> = {
  note: 'Text Description',
  screenshot: 'Screenshot',
  document: 'Document/File',
  json: 'Configuration Data',
};

/** Uploads: checked by content (magic bytes), never by name or the browser's declared type. */
export const EVIDENCE_FILE_MAX_BYTES = 5 * 1024 * 1024;
export const EVIDENCE_FILES_PER_MESSAGE = 5;
export const EVIDENCE_FILE_MEDIA_TYPES = [
  'image/png',
  'image/jpeg',
  'image/webp',
  'application/pdf',
  'text/plain',
  'application/json',
] as const;
export type EvidenceFileMediaType = (typeof EVIDENCE_FILE_MEDIA_TYPES)[number];
export const EVIDENCE_IMAGE_MEDIA_TYPES: readonly EvidenceFileMediaType[] = ['image/png', 'image/jpeg', 'image/webp'];

/** A message or an evidence text; generous for pasted configuration, bounded against abuse. */
export const EVIDENCE_TEXT_MAX_LENGTH = 20_000;
export const THREAD_PREVIEW_LENGTH = 50;
export const EVIDENCE_PREVIEW_LENGTH = 200;

/** A granted waiver stops applying to later audits after this many days unless configured otherwise. */
export const DEFAULT_WAIVER_DAYS = 90;
/** The owner is told this many days before a waiver expires, and again when it has. */
export const WAIVER_EXPIRY_NOTICE_DAYS = 7;

/**
 * The fixed checklists of the manual evidence card (6, 8 and 8 items). A submission on one of these
 * checks must carry exactly these items, each ticked or not.
 */
export const MANUAL_CHECKLISTS = {
  CSU_OWNER_VERIFICATION: [
    'The server is owned by a dedicated cold super user (CSU) account used for nothing else',
    'The CSU account has two-factor authentication enabled with an authenticator app or security key',
    'The CSU account uses a unique password stored in a password manager',
    'The CSU account has a verified email address that is not shared with any other account',
    'Backup codes for the CSU account are stored offline in a secure place',
    'Day-to-day administration is done from separate accounts, never from the CSU account',
  ],
  BACKUP_STRATEGY_VERIFICATION: [
    'Roles, permissions and channel structure are exported on a regular schedule',
    'Backups are stored outside Discord, in a place the server staff cannot delete by accident',
    'At least one backup is younger than 30 days',
    'A restore has been tested on a separate server',
    'The restore procedure is written down and staff know where it is',
    'Backup access is limited to trusted owners or senior administrators',
    'Important messages and rules are archived outside Discord',
    'Backup bots, if used, hold only the permissions they need',
  ],
  BOT_TOKEN_HYGIENE: [
    'Bot tokens are kept in a secret store or environment variables, never in source code',
    'No bot token has ever been committed to a public or shared repository',
    'Tokens are rotated after any staff change or suspected leak',
    'Only the people who deploy the bot can read its token',
    'Each bot holds only the permissions and intents it needs',
    'Webhook URLs are treated as secrets and rotated when exposed',
    'Bot hosting accounts use two-factor authentication',
    'Inactive or unused bots are removed from the server',
  ],
} as const satisfies Record<string, readonly string[]>;
export type ManualChecklistCheckId = keyof typeof MANUAL_CHECKLISTS;

export function manualChecklistFor(checkId: string): readonly string[] | undefined {
  return Object.hasOwn(MANUAL_CHECKLISTS, checkId) ? MANUAL_CHECKLISTS[checkId as ManualChecklistCheckId] : undefined;
}

/** 'done/total', as the manual evidence card reports it. */
export function completionRateOf(items: readonly { checked: boolean }[]): string {
  return `${items.filter((item) => item.checked).length}/${items.length}`;
}

export const NOTIFICATION_TYPES = [
  'AUDIT_RUN',
  'EVIDENCE_SUBMITTED',
  'ADMIN_FEEDBACK',
  'OVERRIDE_GRANTED',
  'SYSTEM_UPDATE',
  'CERTIFICATE_REVIEW',
  'AUDIT_COMPLETE',
  'CSU_VERIFICATION',
  'MANUAL_OVERRIDE',
  'EVIDENCE_REVIEWED',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** Only these can be answered from the notifications page; the answer becomes the owner's message in the thread. */
export const RESPONDABLE_NOTIFICATION_TYPES: readonly NotificationType[] = ['ADMIN_FEEDBACK', 'EVIDENCE_REVIEWED'];

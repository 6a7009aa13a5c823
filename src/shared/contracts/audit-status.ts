/** An audit's statuses, without schemas, so a page can tell an active audit without loading a validation library. */
export const AUDIT_STATUSES = ['pending', 'running', 'completed', 'failed'] as const;
export type AuditStatusValue = (typeof AUDIT_STATUSES)[number];

/** A pending or running audit: the web polls it every second, and it blocks another run of its server. */
export function isAuditActive(status: AuditStatusValue): boolean {
  return status === 'pending' || status === 'running';
}

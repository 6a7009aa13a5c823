import type { AppContext } from '../../app-context.js';
import type { AuditNotifications } from '../audits/notifications.js';

/** What the evidence services use: the app's context, the audits' push, and a clock tests can move. */
export interface EvidenceDeps extends Pick<AppContext, 'db' | 'config' | 'realtime' | 'log' | 'changes'> {
  /** Grants and expiry of waivers are measured by it. */
  now: () => Date;
  audits: AuditNotifications;
}

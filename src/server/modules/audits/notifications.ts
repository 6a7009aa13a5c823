import type { Audit } from '../../../shared/contracts/audits.js';
import type { AppContext } from '../../app-context.js';
import { pushNotifications, type StoredNotification } from '../notifications/notify.js';
import { usersOfServer } from './access.js';

export interface AuditNotifications {
  /**
   * Tells every user who may see the audit's server that it changed. Call it only once the change is
   * committed, so nobody hears of what did not happen; this instance's read caches have the change before
   * anyone is told (a change-feed barrier), so a client that reads back at once reads it. Best effort: it
   * never throws, since a lost push must not undo or fail what was already recorded (clients also poll).
   */
  auditChanged(audit: Audit): Promise<void>;
  /** Pushes notifications stored with a change that has committed. Best effort, like `auditChanged`. */
  notificationsStored(stored: readonly StoredNotification[]): void;
}

export function createAuditNotifications(
  ctx: Pick<AppContext, 'db' | 'changes' | 'realtime' | 'log'>,
): AuditNotifications {
  return {
    async auditChanged(audit) {
      try {
        const [users] = await Promise.all([usersOfServer(ctx.db, audit.serverId), ctx.changes.barrier()]);
        ctx.realtime.publish('audit.updated', audit, { users });
      } catch (error) {
        ctx.log.warn({ err: error, auditId: audit.id }, 'could not push an audit update');
      }
    },
    notificationsStored(stored) {
      try {
        pushNotifications(ctx.realtime, stored);
      } catch (error) {
        ctx.log.warn({ err: error }, 'could not push notifications');
      }
    },
  };
}

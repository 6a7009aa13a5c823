import type { NotificationType } from '../../../shared/evidence-rules';
import { cn } from '../../lib/utils';
import { NOTIFICATION_TYPE_STYLES } from './notification-types';

/** The type's icon on its coloured tile. */
export function NotificationTypeIcon({ type, className }: { type: NotificationType; className?: string }) {
  const { icon: Icon, tone } = NOTIFICATION_TYPE_STYLES[type];
  return (
    <span className={cn('flex size-8 shrink-0 items-center justify-center rounded-lg', tone, className)}>
      {/* Important: a menu item greys its icons, and this colour names the type. */}
      <Icon className="size-4 text-current!" aria-hidden="true" />
    </span>
  );
}

/** The most the bell's badge spells out; more reads '9+'. */
export const BADGE_MAX = 9;

/** The bell's badge text, or null when there is nothing unread (no badge). */
export function badgeText(unread: number): string | null {
  if (unread <= 0) return null;
  return unread > BADGE_MAX ? `${BADGE_MAX}+` : String(unread);
}

/** What a screen reader hears for the bell button; just 'Notifications' until the count is known. */
export function bellLabel(unread: number | undefined): string {
  if (unread === undefined) return 'Notifications';
  if (unread <= 0) return 'Notifications, none unread';
  return `Notifications, ${unread} unread`;
}

/** How many notifications the bell's dropdown lists. */
export const BELL_ITEMS_SHOWN = 5;

/** The dropdown's closing line when there are more than it lists, e.g. 'And 3 more notifications...'. */
export function moreNotificationsText(total: number): string | null {
  const more = total - BELL_ITEMS_SHOWN;
  return more > 0 ? `And ${more} more notifications...` : null;
}

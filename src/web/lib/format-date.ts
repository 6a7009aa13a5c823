const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const dateOnly = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

function format(formatter: Intl.DateTimeFormat, iso: string): string {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? iso : formatter.format(time);
}

/** A timestamp from the API in the reader's locale, e.g. "Mar 4, 2025, 2:05 PM". */
export function formatDateTime(iso: string): string {
  return format(dateTime, iso);
}

export function formatDate(iso: string): string {
  return format(dateOnly, iso);
}

/** Milliseconds since the Unix epoch at the Discord epoch (2015-01-01T00:00:00Z). */
export const DISCORD_EPOCH_MS = 1420070400000n;

/** A snowflake whose embedded timestamp is `at`; `sequence` keeps ids made in the same millisecond apart. */
export function snowflakeAt(at: Date | number, sequence = 0): string {
  const ms = BigInt(Math.floor(typeof at === 'number' ? at : at.getTime()));
  return (((ms - DISCORD_EPOCH_MS) << 22n) | BigInt(sequence & 0x3fffff)).toString();
}

export function snowflakeTime(id: string): number {
  return Number((BigInt(id) >> 22n) + DISCORD_EPOCH_MS);
}

export function isSnowflake(value: string): boolean {
  return /^\d{1,20}$/.test(value);
}

/** Snowflakes compare numerically, not as strings ("9" < "10"). */
export function compareSnowflakes(a: string, b: string): number {
  const left = BigInt(a);
  const right = BigInt(b);
  return left < right ? -1 : left > right ? 1 : 0;
}

export const DAY_MS = 24 * 60 * 60 * 1000;

export function daysAgo(now: number, days: number): number {
  return now - days * DAY_MS;
}

export function isoDaysAgo(now: number, days: number): string {
  return new Date(daysAgo(now, days)).toISOString();
}

const UNIQUE_VIOLATION = '23505';

/** Whether a failed query (or what it wraps: drizzle puts the driver's error in `cause`) broke a unique index. */
export function isUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error; current instanceof Error; current = current.cause) {
    if ('code' in current && current.code === UNIQUE_VIOLATION) return true;
  }
  return false;
}

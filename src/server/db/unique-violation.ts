const UNIQUE_VIOLATION = '23505';

/** Whether a query failed on a unique index (PostgreSQL's code, also where a driver wraps it as the cause). */
export function isUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error; current instanceof Error; current = current.cause) {
    if ('code' in current && current.code === UNIQUE_VIOLATION) return true;
  }
  return false;
}

import { DrizzleQueryError } from 'drizzle-orm/errors';
import { stdSerializers } from 'pino';

type LoggedError = { [key: string]: unknown; type: string; message: string; stack: string };

/**
 * SQLSTATE classes whose messages name only schema objects or the connection, never a row's values:
 * 08 connection, 42 syntax/undefined object, 53 resources, 57 operator intervention, 58 system.
 */
const VALUE_FREE_SQLSTATE_CLASSES = new Set(['08', '42', '53', '57', '58']);

interface DatabaseErrorFields {
  code?: unknown;
  severity?: unknown;
  table?: unknown;
  column?: unknown;
  constraint?: unknown;
  message?: unknown;
}

function databaseCause(error: DrizzleQueryError): Record<string, string> {
  const cause = (typeof error.cause === 'object' && error.cause !== null ? error.cause : {}) as DatabaseErrorFields;
  const described: Record<string, string> = {};
  for (const field of ['code', 'severity', 'table', 'column', 'constraint'] as const) {
    const value = cause[field];
    if (typeof value === 'string' && value !== '') described[field] = value;
  }
  const code = described.code;
  if (code !== undefined && VALUE_FREE_SQLSTATE_CLASSES.has(code.slice(0, 2)) && typeof cause.message === 'string') {
    described.message = cause.message;
  }
  return described;
}

/** The call frames of a stack, without its first line (which repeats the message). */
function framesOnly(stack: string | undefined): string {
  if (stack === undefined) return '';
  const firstFrame = stack.indexOf('\n    at ');
  return firstFrame < 0 ? '' : stack.slice(firstFrame + 1);
}

/**
 * pino's `err` serializer, except that a failed database query is logged without its SQL text and
 * parameters (they carry session hashes, user input, tokens): only the SQLSTATE and the objects involved.
 */
export function serializeErrorForLog(error: Error): LoggedError {
  const dbError = findDatabaseError(error);
  if (dbError === undefined) return stdSerializers.err(error);
  return {
    type: 'DatabaseQueryError',
    message: 'Database query failed (SQL and parameters are not logged)',
    database: databaseCause(dbError),
    ...(error !== dbError ? { wrappedIn: { type: error.name, message: error.message } } : {}),
    stack: framesOnly(dbError.stack),
  };
}

function findDatabaseError(error: unknown): DrizzleQueryError | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth += 1) {
    if (current instanceof DrizzleQueryError) return current;
    current = current.cause;
  }
  return undefined;
}

export const LOG_SERIALIZERS = { err: serializeErrorForLog, error: serializeErrorForLog } as const;

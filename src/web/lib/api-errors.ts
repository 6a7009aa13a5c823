import { ERROR_STATUS, type ErrorCode } from '../../shared/contracts/error-codes';

/** Text of every failed request: `status: body`, or the status text when the body is empty. */
export function formatErrorText(status: number, bodyText: string, statusText: string): string {
  return `${status}: ${bodyText || statusText}`;
}

interface ErrorEnvelope {
  code: ErrorCode;
  message: string;
}

function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_STATUS, value);
}

/** The `{ error: { code, message } }` every API error carries, read by hand: no schema library on first load. */
function parseErrorBody(bodyText: string): ErrorEnvelope | null {
  let body: unknown;
  try {
    body = JSON.parse(bodyText);
  } catch {
    return null;
  }
  const error: unknown = typeof body === 'object' && body !== null && 'error' in body ? body.error : null;
  if (typeof error !== 'object' || error === null || !('code' in error) || !('message' in error)) return null;
  const { code, message } = error;
  return isErrorCode(code) && typeof message === 'string' ? { code, message } : null;
}

/**
 * A failed call, its `{ error: { code, message } }` envelope read once. `message` keeps the
 * `status: body` text the screens and tests know; `serverMessage` is the envelope's own message for
 * toasts that show it. Both envelope fields are null when the body is not an envelope.
 */
export class ApiError extends Error {
  override name = 'ApiError';
  readonly status: number;
  readonly code: ErrorCode | null;
  readonly serverMessage: string | null;
  readonly bodyText: string;

  constructor(status: number, bodyText: string, statusText: string) {
    super(formatErrorText(status, bodyText, statusText));
    this.status = status;
    this.bodyText = bodyText;
    const envelope = parseErrorBody(bodyText);
    this.code = envelope?.code ?? null;
    this.serverMessage = envelope?.message ?? null;
  }
}

/** Errors whose text contains 401 are authentication errors and are never retried. */
export function isUnauthorizedError(error: unknown): boolean {
  if (error instanceof ApiError) return error.status === 401;
  return error instanceof Error && error.message.includes('401');
}

/** What a failure toast shows: the server's own message when it sent one, else the error's text. */
export function failureMessage(error: Error): string {
  return error instanceof ApiError ? (error.serverMessage ?? error.message) : error.message;
}

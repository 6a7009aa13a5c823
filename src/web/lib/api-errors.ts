import { ApiErrorBody } from '../../shared/contracts/errors';

/** Text of every failed request (spec part 1 §7): `status: body`, or the status text when the body is empty. */
export function formatErrorText(status: number, bodyText: string, statusText: string): string {
  return `${status}: ${bodyText || statusText}`;
}

export class ApiError extends Error {
  override name = 'ApiError';
  readonly status: number;
  readonly bodyText: string;

  constructor(status: number, bodyText: string, statusText: string) {
    super(formatErrorText(status, bodyText, statusText));
    this.status = status;
    this.bodyText = bodyText;
  }
}

/** The `{ error: { code, message } }` body the server sends, if the body is one. */
export function parseErrorBody(bodyText: string): ApiErrorBody['error'] | undefined {
  try {
    const parsed = ApiErrorBody.safeParse(JSON.parse(bodyText));
    return parsed.success ? parsed.data.error : undefined;
  } catch {
    return undefined;
  }
}

/** The server's own message for an error, for toasts that show it when there is one. */
export function serverMessageOf(error: unknown): string | undefined {
  return error instanceof ApiError ? parseErrorBody(error.bodyText)?.message : undefined;
}

/** The server's error code (e.g. COUPON_EXPIRED), when the error carries one. */
export function serverCodeOf(error: unknown): string | undefined {
  return error instanceof ApiError ? parseErrorBody(error.bodyText)?.code : undefined;
}

/** Spec §8: errors whose text contains 401 are authentication errors and are never retried. */
export function isUnauthorizedError(error: unknown): boolean {
  if (error instanceof ApiError) return error.status === 401;
  return error instanceof Error && error.message.includes('401');
}

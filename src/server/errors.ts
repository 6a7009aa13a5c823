import { type ErrorCode, statusOfErrorCode } from '../shared/contracts/errors.js';

/** The one error type services throw; the error handler maps it to HTTP. */
export class AppError extends Error {
  override name = 'AppError';
  constructor(
    readonly code: ErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }

  get statusCode(): number {
    return statusOfErrorCode(this.code);
  }
}

export const notFound = (what: string) => new AppError('NOT_FOUND', `${what} not found`);

import { z } from 'zod';
import { ERROR_STATUS } from './error-codes.js';

export { ERROR_STATUS } from './error-codes.js';

export type ErrorCode = keyof typeof ERROR_STATUS;
export const ErrorCode = z.enum(Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]]);

export function statusOfErrorCode(code: ErrorCode): number {
  return ERROR_STATUS[code];
}

const GENERIC_CODE_BY_STATUS = new Map<number, ErrorCode>();
for (const code of ErrorCode.options) {
  // Generic codes come first in the registry, so a status maps to its generic code, not a domain one.
  if (!GENERIC_CODE_BY_STATUS.has(ERROR_STATUS[code])) GENERIC_CODE_BY_STATUS.set(ERROR_STATUS[code], code);
}

/** The generic code of a status the framework raised (a parser limit, a missing route), if there is one. */
export function genericCodeOfStatus(status: number): ErrorCode | undefined {
  return GENERIC_CODE_BY_STATUS.get(status);
}

/** Every API error has this body, whatever its status. */
export const ApiErrorBody = z.object({
  error: z.object({
    code: ErrorCode,
    message: z.string(),
  }),
});
export type ApiErrorBody = z.infer<typeof ApiErrorBody>;

/**
 * Every error code that crosses the wire, with the HTTP status it travels with. A service throws a code;
 * the status follows from here, so the same code can never leave with two different statuses.
 */
export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  URI_TOO_LONG: 414,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  HEADERS_TOO_LARGE: 431,
  INTERNAL: 500,
  UPSTREAM_UNAVAILABLE: 502,
  SERVICE_UNAVAILABLE: 503,
  // Coupon redemption: the redeem screen shows one message per code.
  COUPON_NOT_FOUND: 404,
  COUPON_REVOKED: 410,
  COUPON_EXPIRED: 410,
  COUPON_SERVER_RESTRICTED: 403,
  COUPON_EXHAUSTED: 409,
  USER_ALREADY_REDEEMED: 409,
  // Evidence: a resolved thread takes no message and no decision (docs/decisions/0023).
  THREAD_RESOLVED: 409,
  // Commerce (issue 10).
  INVALID_BYPASS_CODE: 403,
  /** A transaction hash that breaks one of the chain rules (wrong recipient, amount, asset, age...). */
  TRANSACTION_REJECTED: 422,
  /** A transaction hash already accepted, or reserved by another user. */
  TRANSACTION_ALREADY_USED: 409,
} as const satisfies Record<string, number>;

export type ErrorCode = keyof typeof ERROR_STATUS;

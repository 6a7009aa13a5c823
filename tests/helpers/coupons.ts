import { expect } from 'vitest';
import type { Coupon, CreateCouponRequest } from '../../src/shared/contracts/coupons.js';
import { sameOrigin, type TestApp } from './test-app.js';

export type CreatedCoupon = Coupon & { fullCode: string };

/** Staff create a coupon through the API; the answer is the only place its full code appears. */
export async function createCoupon(
  t: TestApp,
  adminCookie: string,
  request: CreateCouponRequest = {},
): Promise<CreatedCoupon> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/admin/coupons',
    headers: sameOrigin(adminCookie),
    payload: request,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<CreatedCoupon>();
}

let addressCounter = 0;
/** A client address of its own, so a test's wrong codes never count against another's (TEST-NET-2). */
export function freshAddress(): string {
  addressCounter += 1;
  return `198.51.${Math.floor(addressCounter / 250)}.${(addressCounter % 250) + 1}`;
}

/** POST a code to one of the redeeming routes as a browser would, from the given client address. */
export function postCode(
  t: TestApp,
  url: '/api/coupons/redeem' | '/api/paywall/redeem' | '/api/paywall/bypass',
  cookie: string | undefined,
  payload: object,
  remoteAddress = freshAddress(),
) {
  return t.app.inject({ method: 'POST', url, headers: sameOrigin(cookie), payload, remoteAddress });
}

import { describe, expect, it } from 'vitest';
import {
  COUPON_FORM_DEFAULTS,
  CouponFormSchema,
  INVALID_JSON,
  NOT_AN_OBJECT,
  parseMetadata,
  toCreateCouponRequest,
} from './coupon-form';

const errorsOf = (values: object) => {
  const result = CouponFormSchema.safeParse({ ...COUPON_FORM_DEFAULTS, ...values });
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
};

describe('the coupon creation form', () => {
  it('sends only maxUses, singleServerOnly and an empty metadata object by default', () => {
    expect(toCreateCouponRequest(COUPON_FORM_DEFAULTS)).toEqual({ maxUses: 1, singleServerOnly: true, metadata: {} });
  });

  it('sends the description trimmed, the expiry as an ISO time and the server only for a single-server coupon', () => {
    const values = {
      ...COUPON_FORM_DEFAULTS,
      description: '  Launch  ',
      expiresAt: '2027-01-31T09:30',
      maxUses: 3,
      serverIdAllowed: ' 1200000000000000002 ',
      metadata: '{"campaign": "launch"}',
    };
    expect(toCreateCouponRequest(values)).toEqual({
      description: 'Launch',
      expiresAt: new Date('2027-01-31T09:30').toISOString(),
      maxUses: 3,
      singleServerOnly: true,
      serverIdAllowed: '1200000000000000002',
      metadata: { campaign: 'launch' },
    });
    expect(toCreateCouponRequest({ ...values, singleServerOnly: false })).not.toHaveProperty('serverIdAllowed');
  });

  it('explains invalid JSON and JSON that is not an object under the metadata field', () => {
    expect(errorsOf({ metadata: '{campaign: launch}' })).toEqual({ metadata: INVALID_JSON });
    for (const text of ['[1, 2]', '"text"', 'null', '42'])
      expect(errorsOf({ metadata: text })).toEqual({ metadata: NOT_AN_OBJECT });
    expect(parseMetadata('  ')).toEqual({ ok: true, value: {} });
  });

  it('refuses fewer than one use, fractions and a missing number', () => {
    expect(errorsOf({ maxUses: 0 })).toEqual({ maxUses: 'Max uses must be at least 1.' });
    expect(errorsOf({ maxUses: 1.5 })).toEqual({ maxUses: 'Max uses must be a whole number.' });
    expect(errorsOf({ maxUses: Number.NaN })).toEqual({ maxUses: 'Max uses must be a number.' });
    expect(errorsOf({ expiresAt: 'soon' })).toEqual({ expiresAt: 'Enter a valid date.' });
  });
});

import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signIpn, sortKeysDeep, verifyIpnSignature } from './nowpayments-signature.js';

const SECRET = 'ipn-secret-for-tests';

/** An IPN as NOWPayments sends it (payments-reference §2.4), keys in the provider's order. */
const IPN = {
  payment_id: 5745459419,
  parent_payment_id: null,
  invoice_id: 6417549628,
  payment_status: 'finished',
  price_amount: 25,
  actually_paid: 19.36121163,
  order_id: 'ord_123',
  payment_extra_ids: ['2918473650', '1'],
  fee: { currency: 'usdttrc20', depositFee: 0.12, withdrawalFee: 0.5, serviceFee: 0.25 },
};

/** The same body with its keys sorted at every depth, written out by hand. */
const SORTED_JSON =
  '{"actually_paid":19.36121163,"fee":{"currency":"usdttrc20","depositFee":0.12,"serviceFee":0.25,"withdrawalFee":0.5},' +
  '"invoice_id":6417549628,"order_id":"ord_123","parent_payment_id":null,"payment_extra_ids":["2918473650","1"],' +
  '"payment_id":5745459419,"payment_status":"finished","price_amount":25}';

const hmac = (text: string) => createHmac('sha512', SECRET).update(text).digest('hex');

describe('sortKeysDeep', () => {
  it('sorts keys at every depth and keeps arrays in order', () => {
    expect(JSON.stringify(sortKeysDeep(IPN))).toBe(SORTED_JSON);
    expect(sortKeysDeep([{ b: 1, a: [{ d: 1, c: 2 }] }, 3])).toEqual([{ a: [{ c: 2, d: 1 }], b: 1 }, 3]);
    expect(JSON.stringify(sortKeysDeep([{ b: 1, a: 2 }]))).toBe('[{"a":2,"b":1}]');
  });
});

describe('IPN signatures', () => {
  it('signs the deep-sorted JSON with HMAC-SHA512, nested fee object included', () => {
    expect(signIpn(IPN, SECRET)).toBe(hmac(SORTED_JSON));
    expect(signIpn(IPN, ` ${SECRET}\n`)).toBe(hmac(SORTED_JSON));
  });

  it('accepts the right signature in either case of hex', () => {
    expect(verifyIpnSignature(IPN, hmac(SORTED_JSON), SECRET)).toBe(true);
    expect(verifyIpnSignature(IPN, hmac(SORTED_JSON).toUpperCase(), SECRET)).toBe(true);
  });

  it('accepts a body whose keys arrive in any order, or whose numbers were spelled differently', () => {
    const reordered = JSON.parse(
      '{"fee":{"serviceFee":0.25,"withdrawalFee":0.5,"depositFee":0.12,"currency":"usdttrc20"},"price_amount":25.0,' +
        '"payment_status":"finished","payment_id":5745459419.0,"order_id":"ord_123","invoice_id":6417549628,' +
        '"payment_extra_ids":["2918473650","1"],"parent_payment_id":null,"actually_paid":19.36121163}',
    ) as unknown;
    expect(verifyIpnSignature(reordered, hmac(SORTED_JSON), SECRET)).toBe(true);
  });

  it('refuses the documented flat-sorted signature, which signs the fee object as {}', () => {
    const flat = hmac(JSON.stringify(IPN, Object.keys(IPN).sort()));
    expect(JSON.stringify(IPN, Object.keys(IPN).sort())).toContain('"fee":{}');
    expect(verifyIpnSignature(IPN, flat, SECRET)).toBe(false);
  });

  it('refuses a changed nested value, another secret, and anything that is not 128 hex characters', () => {
    const changedFee = { ...IPN, fee: { ...IPN.fee, serviceFee: 0 } };
    expect(verifyIpnSignature(changedFee, hmac(SORTED_JSON), SECRET)).toBe(false);
    expect(verifyIpnSignature(IPN, hmac(SORTED_JSON), 'another-secret')).toBe(false);
    for (const bad of [undefined, '', 'zz'.repeat(64), hmac(SORTED_JSON).slice(2), `${hmac(SORTED_JSON)}00`, ['x']]) {
      expect(verifyIpnSignature(IPN, bad, SECRET)).toBe(false);
    }
  });
});

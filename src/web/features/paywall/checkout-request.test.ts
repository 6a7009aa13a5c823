import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-errors';
import { checkoutRequest, isWebAddress, paymentErrorMessage } from './checkout-request';

const SERVER_ID = '6f1c2a7e-0000-4000-8000-000000000001';
const envelope = (status: number, code: string, message: string) =>
  new ApiError(status, JSON.stringify({ error: { code, message } }), '');

describe('checkoutRequest', () => {
  it('needs both a plan and a server', () => {
    expect(checkoutRequest(null, SERVER_ID)).toBeNull();
    expect(checkoutRequest('DIY', '')).toBeNull();
    expect(checkoutRequest(null, '')).toBeNull();
  });

  it('sends the plan and the server, never a price', () => {
    expect(checkoutRequest('FULL', SERVER_ID)).toEqual({ plan: 'FULL', serverId: SERVER_ID });
    expect(checkoutRequest('EXTRA_AUDIT', SERVER_ID)).toEqual({ plan: 'EXTRA_AUDIT', serverId: SERVER_ID });
  });
});

describe('paymentErrorMessage', () => {
  it('shows the server’s words for a refusal of this request', () => {
    expect(paymentErrorMessage(envelope(403, 'FORBIDDEN', 'You may not manage this server'))).toBe(
      'You may not manage this server',
    );
  });

  it('uses the standard sentence when the provider, the network or the route failed', () => {
    const standard = 'The checkout could not be started. Please try again in a moment.';
    expect(paymentErrorMessage(envelope(502, 'UPSTREAM_UNAVAILABLE', 'Stripe is unreachable'))).toBe(standard);
    expect(paymentErrorMessage(new ApiError(404, '', 'Not Found'))).toBe(standard);
    expect(paymentErrorMessage(new ApiError(400, 'not json', 'Bad Request'))).toBe(standard);
    expect(paymentErrorMessage(new TypeError('Failed to fetch'))).toBe(standard);
  });
});

describe('isWebAddress', () => {
  it('accepts the providers’ pages and refuses anything that could run script', () => {
    expect(isWebAddress('https://checkout.stripe.com/c/pay/cs_test_1')).toBe(true);
    expect(isWebAddress('http://127.0.0.1:5000/_sim/stripe/c/pay/cs_test_1')).toBe(true);
    expect(isWebAddress('javascript:alert(1)')).toBe(false);
    expect(isWebAddress('/relative')).toBe(false);
  });
});

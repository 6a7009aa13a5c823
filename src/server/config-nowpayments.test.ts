import { describe, expect, it } from 'vitest';
import { loadNowPaymentsConfig, SIMULATED_NOWPAYMENTS_ACCOUNT } from './config-nowpayments.js';

const DEMO = { demoMode: true, publicUrl: 'http://localhost:5000', port: 5000 };
const PRODUCTION = { demoMode: false, publicUrl: 'https://rampart.example', port: 8080 };
const configError = (message: string) => new Error(message);

describe('NOWPayments settings', () => {
  it('point at the simulator in this process in demo mode, over loopback', () => {
    expect(loadNowPaymentsConfig({}, DEMO, configError)).toEqual({
      apiBase: 'http://127.0.0.1:5000/_sim/nowpayments/v1',
      ...SIMULATED_NOWPAYMENTS_ACCOUNT,
      ipnCallbackUrl: 'http://127.0.0.1:5000/api/webhooks/nowpayments',
    });
  });

  it('are off in production until keys are given, then default to api.nowpayments.io and PUBLIC_URL', () => {
    expect(loadNowPaymentsConfig({}, PRODUCTION, configError)).toBeNull();
    expect(
      loadNowPaymentsConfig({ NOWPAYMENTS_API_KEY: 'key', NOWPAYMENTS_IPN_SECRET: 'secret' }, PRODUCTION, configError),
    ).toEqual({
      apiBase: 'https://api.nowpayments.io/v1',
      apiKey: 'key',
      ipnSecret: 'secret',
      ipnCallbackUrl: 'https://rampart.example/api/webhooks/nowpayments',
    });
  });

  it('take the sandbox base and another IPN address when told', () => {
    const env = {
      NOWPAYMENTS_API_KEY: 'key',
      NOWPAYMENTS_IPN_SECRET: 'secret',
      NOWPAYMENTS_API_BASE: 'https://api-sandbox.nowpayments.io/v1/',
      NOWPAYMENTS_IPN_URL: 'https://tunnel.example/api/webhooks/nowpayments',
    };
    expect(loadNowPaymentsConfig(env, PRODUCTION, configError)).toMatchObject({
      apiBase: 'https://api-sandbox.nowpayments.io/v1',
      ipnCallbackUrl: 'https://tunnel.example/api/webhooks/nowpayments',
    });
  });

  it('refuse a key without its IPN secret, and an address that is not a URL', () => {
    expect(() => loadNowPaymentsConfig({ NOWPAYMENTS_API_KEY: 'key' }, PRODUCTION, configError)).toThrow(
      'NOWPAYMENTS_API_KEY and NOWPAYMENTS_IPN_SECRET are needed together',
    );
    expect(() => loadNowPaymentsConfig({ NOWPAYMENTS_API_BASE: 'not a url' }, DEMO, configError)).toThrow(
      'NOWPAYMENTS_API_BASE',
    );
  });
});

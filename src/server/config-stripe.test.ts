import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';
import { SIMULATED_STRIPE_ACCOUNT } from './config-stripe.js';

const PRODUCTION = {
  DISCORD_CLIENT_ID: '42',
  DISCORD_CLIENT_SECRET: 'secret',
  DISCORD_BOT_TOKEN: 'bot',
  SESSION_SECRET: 'x'.repeat(40),
  PUBLIC_URL: 'https://rampart.example',
};

describe('the Stripe configuration', () => {
  it('points demo mode at its own simulator on the next port, reached over loopback', () => {
    expect(loadConfig({}).stripe).toEqual({
      ...SIMULATED_STRIPE_ACCOUNT,
      apiBase: 'http://127.0.0.1:5001',
      simulator: { port: 5001, publicUrl: 'http://localhost:5001' },
    });
    expect(loadConfig({ PORT: '8080', STRIPE_SIMULATOR_PORT: '9090' }).stripe?.simulator).toEqual({
      port: 9090,
      publicUrl: 'http://localhost:9090',
    });
  });

  it('serves no simulator when demo mode is pointed at another Stripe', () => {
    const stripe = loadConfig({ STRIPE_API_BASE: 'http://127.0.0.1:12111' }).stripe;
    expect(stripe).toMatchObject({ apiBase: 'http://127.0.0.1:12111', simulator: null });
  });

  it('uses api.stripe.com with the configured keys in production, and nothing without them', () => {
    const { stripe } = loadConfig({ ...PRODUCTION, STRIPE_SECRET_KEY: 'sk_live_1', STRIPE_WEBHOOK_SECRET: 'whsec_1' });
    expect(stripe).toEqual({
      secretKey: 'sk_live_1',
      webhookSecret: 'whsec_1',
      apiBase: 'https://api.stripe.com',
      simulator: null,
    });
    expect(loadConfig(PRODUCTION).stripe).toBeNull();
  });

  it('stops on a key without its webhook secret, or a base that is not a URL', () => {
    expect(() => loadConfig({ ...PRODUCTION, STRIPE_SECRET_KEY: 'sk_live_1' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...PRODUCTION, STRIPE_SECRET_KEY: 'sk_live_1' })).toThrow(
      'STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET must be set together',
    );
    expect(() => loadConfig({ STRIPE_API_BASE: 'stripe' })).toThrow(/STRIPE_API_BASE/);
    expect(() => loadConfig({ STRIPE_SIMULATOR_PORT: 'x' })).toThrow(/STRIPE_SIMULATOR_PORT/);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicConfig } from '../../src/shared/contracts/public-config.js';
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('GET /api/config', () => {
  it('tells a visitor the Discord ids and, in demo mode, where the simulated wallet is', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(response.statusCode).toBe(200);
    const body = response.json<PublicConfig>();
    expect(body.discordClientId).toBe(t.config.discord.clientId);
    expect(body.simulatedWalletUrl).toBe(`${TEST_PUBLIC_URL}/_sim/wallet`);
  });
});

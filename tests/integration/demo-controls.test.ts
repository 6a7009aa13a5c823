import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISCORD_SIMULATOR_PREFIX, SIMULATED_DISCORD_APP } from '../../src/server/config.js';
import { createDemoClock } from '../../src/server/demo/demo-clock.js';
import { GUILDS } from '../helpers/audits.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

const HOUR_MS = 60 * 60 * 1000;
const clock = createDemoClock();
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({}, { serveDiscordSimulator: true, demoClock: clock, now: clock.now });
});
afterAll(async () => t?.close());

const webhooksOf = async (guildId: string) => {
  const response = await t.app.inject({
    method: 'GET',
    url: `${DISCORD_SIMULATOR_PREFIX}/api/v10/guilds/${guildId}/webhooks`,
    headers: { authorization: `Bot ${SIMULATED_DISCORD_APP.botToken}` },
  });
  return response.json<{ id: string }[]>();
};

describe('the demo clock', () => {
  it('reads the app clock and moves it forward only', async () => {
    const before = (await t.app.inject({ method: 'GET', url: '/_sim/clock' })).json<{ now: string }>();
    expect(Math.abs(Date.parse(before.now) - Date.now())).toBeLessThan(5_000);
    const moved = await t.app.inject({ method: 'POST', url: '/_sim/clock/advance', payload: { hours: 48 } });
    expect(moved.statusCode).toBe(200);
    const after = Date.parse(moved.json<{ now: string }>().now);
    expect(after - Date.parse(before.now)).toBeGreaterThanOrEqual(48 * HOUR_MS);
    expect(Math.abs(clock.now().getTime() - after)).toBeLessThan(5_000);
    for (const payload of [{ hours: -1 }, { hours: 0 }, { minutes: 5 }, {}]) {
      expect((await t.app.inject({ method: 'POST', url: '/_sim/clock/advance', payload })).statusCode).toBe(400);
    }
  });
});

describe('the simulator control route', () => {
  const changes = (guildId: string, payload: object) =>
    t.app.inject({
      method: 'POST',
      url: `${DISCORD_SIMULATOR_PREFIX}/_control/guilds/${guildId}/changes`,
      payload,
    });

  it('plants a change in a running guild', async () => {
    const before = await webhooksOf(GUILDS.typical);
    const response = await changes(GUILDS.typical, { kind: 'remove-webhook' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ kind: 'remove-webhook', guildId: GUILDS.typical });
    expect(await webhooksOf(GUILDS.typical)).toHaveLength(before.length - 1);
  });

  it('refuses an unknown change (400) and an unknown guild (404)', async () => {
    expect((await changes(GUILDS.typical, { kind: 'burn-it-down' })).statusCode).toBe(400);
    expect((await changes('1299999999999999999', { kind: 'remove-webhook' })).statusCode).toBe(404);
  });
});

describe('the simulator latency control', () => {
  const setLatency = (payload: object) =>
    t.app.inject({ method: 'PUT', url: `${DISCORD_SIMULATOR_PREFIX}/_control/latency`, payload });

  it('delays every Discord answer until it is set back to 0', async () => {
    const response = await setLatency({ ms: 300 });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ latencyMs: 300 });
    try {
      const started = performance.now();
      await webhooksOf(GUILDS.typical);
      expect(performance.now() - started).toBeGreaterThanOrEqual(290);
    } finally {
      expect((await setLatency({ ms: 0 })).json()).toEqual({ latencyMs: 0 });
    }
  });

  it('refuses a latency that is not a whole number of milliseconds from 0 to 2000 (400)', async () => {
    for (const payload of [{ ms: -1 }, { ms: 2001 }, { ms: 1.5 }, { ms: '100' }, {}]) {
      expect((await setLatency(payload)).statusCode).toBe(400);
    }
  });
});

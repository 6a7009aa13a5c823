import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { ConfigError, DEMO_ADMIN_DISCORD_ID, loadConfig, SIMULATED_DISCORD_APP } from './config.js';

describe('loadConfig', () => {
  it('runs in demo mode on PGlite with the simulator when nothing is configured', () => {
    const config = loadConfig({});
    expect(config.demoMode).toBe(true);
    expect(config.port).toBe(5000);
    expect(config.publicUrl).toBe('http://localhost:5000');
    expect(config.database).toEqual({ kind: 'pglite', dataDir: './data' });
    expect(config.discord.clientId).toBe(SIMULATED_DISCORD_APP.clientId);
    expect(config.discord.authorizeUrl).toBe('http://localhost:5000/_sim/discord/oauth2/authorize');
    expect(config.discord.apiUrl).toBe('http://127.0.0.1:5000/_sim/discord/api');
    expect([...config.adminDiscordIds]).toEqual([DEMO_ADMIN_DISCORD_ID]);
    expect(config.secureCookies).toBe(false);
  });

  it('switches to PostgreSQL and real Discord when configured', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://db/rampart',
      DISCORD_CLIENT_ID: '42',
      DISCORD_CLIENT_SECRET: 'secret',
      DISCORD_BOT_TOKEN: 'bot',
      SESSION_SECRET: 'x'.repeat(40),
      PUBLIC_URL: 'https://rampart.example/',
      ADMIN_DISCORD_IDS: ' 1, 2 ,,',
    });
    expect(config.demoMode).toBe(false);
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgres://db/rampart' });
    expect(config.discord.apiUrl).toBe('https://discord.com/api');
    expect(config.discord.authorizeUrl).toBe('https://discord.com/oauth2/authorize');
    expect(config.publicUrl).toBe('https://rampart.example');
    expect(config.secureCookies).toBe(true);
    expect([...config.adminDiscordIds]).toEqual(['1', '2']);
  });

  it('names what is missing for a real Discord app', () => {
    expect(() => loadConfig({ DISCORD_CLIENT_ID: '42' })).toThrow(
      new ConfigError(
        'With DISCORD_CLIENT_ID set, these are required too: DISCORD_CLIENT_SECRET, DISCORD_BOT_TOKEN, SESSION_SECRET',
      ),
    );
  });

  it('refuses demo mode on a public address unless asked for explicitly', () => {
    expect(() => loadConfig({ PUBLIC_URL: 'https://rampart.example' })).toThrow(/DEMO_MODE=true/);
    expect(loadConfig({ PUBLIC_URL: 'https://rampart.example', DEMO_MODE: 'true' }).demoMode).toBe(true);
    expect(loadConfig({ PUBLIC_URL: 'http://127.0.0.1:5000' }).demoMode).toBe(true);
  });

  it('listens on loopback only in demo mode, unless the demo is served on the network on purpose', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ DEMO_MODE: 'true' }).host).toBe('0.0.0.0');
    expect(loadConfig({ HOST: '::1' }).host).toBe('::1');
    expect(() => loadConfig({ HOST: '0.0.0.0' })).toThrow(/HOST=0\.0\.0\.0.*DEMO_MODE=true/s);
    expect(loadConfig({ HOST: '0.0.0.0', DEMO_MODE: 'true' }).host).toBe('0.0.0.0');
    const production = {
      DISCORD_CLIENT_ID: '42',
      DISCORD_CLIENT_SECRET: 's',
      DISCORD_BOT_TOKEN: 'b',
      SESSION_SECRET: 'x'.repeat(40),
    };
    expect(loadConfig(production).host).toBe('0.0.0.0');
    expect(loadConfig({ ...production, HOST: '10.0.0.5' }).host).toBe('10.0.0.5');
  });

  it('names the instance so that a restarted process recognises its own audit leases', () => {
    expect(loadConfig({ DATA_DIR: '/srv/rampart-data' }).instanceId).toBe('embedded:/srv/rampart-data');
    const postgres = loadConfig({ DATABASE_URL: 'postgres://db/rampart', PORT: '5001' });
    expect(postgres.instanceId).toBe(`${os.hostname()}:5001`);
    expect(loadConfig({ DATABASE_URL: 'postgres://db/rampart', INSTANCE_ID: 'rampart-0' }).instanceId).toBe(
      'rampart-0',
    );
  });

  it('trusts proxy headers only when told to', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/proxy addresses/);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toEqual(['10.0.0.0/8', '127.0.0.1']);
  });

  it('rejects malformed values with the field name', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ SESSION_SECRET: 'short' })).toThrow(/at least 32/);
  });

  it('serves metrics only with a token long enough not to be guessed', () => {
    expect(loadConfig({}).metricsToken).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: '  ' }).metricsToken).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: 'scrape-token-0123456789' }).metricsToken).toBe('scrape-token-0123456789');
    expect(() => loadConfig({ METRICS_TOKEN: 'short-token' })).toThrow(/METRICS_TOKEN: must be at least 16/);
  });
});

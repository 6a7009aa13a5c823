import { describe, expect, it } from 'vitest';
import { IDS, makeSnapshot, makeWebhook } from './testing/make-snapshot.js';
import { parseAuditSnapshot } from '../shared/audit-snapshot.js';

const asJson = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

describe('parseAuditSnapshot', () => {
  it('accepts a snapshot in Discord shapes and keeps unknown Discord fields', () => {
    const input = asJson(makeSnapshot((s) => Object.assign(s.guild, { some_future_field: 1 })));
    const result = parseAuditSnapshot(input);
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.snapshot.guild).toHaveProperty('some_future_field', 1);
  });

  it('accepts null for every part the bot could not read', () => {
    const input = asJson(
      makeSnapshot((s) =>
        Object.assign(s, { channels: null, roleMemberCounts: null, members: null, autoModerationRules: null, integrations: null, webhooks: null, auditLog: null, welcomeScreen: null, onboarding: null }),
      ),
    );
    expect(parseAuditSnapshot(input).ok).toBe(true);
  });

  it('removes webhook tokens and URLs', () => {
    const input = asJson(
      makeSnapshot((s) => {
        s.webhooks = [makeWebhook('900000000000000001', 'Hook', IDS.generalChannel, IDS.admin, { token: 'secret', url: 'https://discord.com/api/webhooks/9/secret' })];
      }),
    );
    const result = parseAuditSnapshot(input);
    expect(result.ok && JSON.stringify(result.snapshot)).not.toContain('secret');
  });

  it.each([
    ['a wrong version', (s: Record<string, unknown>) => Object.assign(s, { snapshotVersion: 2 })],
    ['no guild', (s: Record<string, unknown>) => Object.assign(s, { guild: undefined })],
    ['a missing part instead of null', (s: Record<string, unknown>) => Object.assign(s, { members: undefined })],
    ['a hexadecimal permission string', (s: Record<string, unknown>) => {
      const guild = s.guild as { roles: { permissions: string }[] };
      if (guild.roles[0]) guild.roles[0].permissions = '0x8';
    }],
  ])('rejects %s with a readable issue', (_name, spoil) => {
    const input = asJson(makeSnapshot()) as Record<string, unknown>;
    spoil(input);
    const result = parseAuditSnapshot(input);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.issues[0]).toMatch(/^[\w.]+|\(root\)/);
  });
});

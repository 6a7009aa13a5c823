import { describe, expect, it } from 'vitest';
import { ChannelType, type APIGuildChannel } from 'discord-api-types/v10';
import { IDS, makeBotIntegration, makeChannel, makeSnapshot, makeWebhook } from './testing/make-snapshot.js';
import type { AuditSnapshot } from '../shared/audit-snapshot.js';
import { parseAuditSnapshot } from '../shared/audit-snapshot-schema.js';

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
        Object.assign(s, {
          channels: null,
          roleMemberCounts: null,
          members: null,
          autoModerationRules: null,
          integrations: null,
          webhooks: null,
          auditLog: null,
          welcomeScreen: null,
          onboarding: null,
        }),
      ),
    );
    expect(parseAuditSnapshot(input).ok).toBe(true);
  });

  it('removes webhook tokens and URLs', () => {
    const input = asJson(
      makeSnapshot((s) => {
        s.webhooks = [
          makeWebhook('900000000000000001', 'Hook', IDS.generalChannel, IDS.admin, {
            token: 'secret',
            url: 'https://discord.com/api/webhooks/9/secret',
          }),
        ];
      }),
    );
    const result = parseAuditSnapshot(input);
    expect(result.ok && JSON.stringify(result.snapshot)).not.toContain('secret');
  });

  it.each([
    ['a wrong version', (s: Record<string, unknown>) => Object.assign(s, { snapshotVersion: 2 })],
    ['no guild', (s: Record<string, unknown>) => Object.assign(s, { guild: undefined })],
    ['a missing part instead of null', (s: Record<string, unknown>) => Object.assign(s, { members: undefined })],
    [
      'a hexadecimal permission string on @everyone',
      (s: Record<string, unknown>) => {
        const guild = s.guild as { roles: { permissions: string }[] };
        if (guild.roles[0]) guild.roles[0].permissions = '0x8';
      },
    ],
  ])('rejects %s with a readable issue', (_name, spoil) => {
    const input = asJson(makeSnapshot()) as Record<string, unknown>;
    spoil(input);
    const result = parseAuditSnapshot(input);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.issues[0]).toMatch(/^[\w.]+|\(root\)/);
  });

  describe('accepts every shape Discord publishes, item by item', () => {
    const parse = (change: (s: AuditSnapshot) => void) => {
      const result = parseAuditSnapshot(asJson(makeSnapshot(change)));
      if (!result.ok) throw new Error(result.issues.join('; '));
      return result.snapshot;
    };

    it('keeps an integration with a null name and a non-numeric id (streaming integrations)', () => {
      const snapshot = parse((s) => {
        s.integrations = [
          { ...makeBotIntegration('800000000000000009', IDS.helperBot, 'HelperBot'), name: null },
          { ...makeBotIntegration('x', IDS.helperBot, 'Stream'), id: 'twitch:UC-abc_123', type: 'twitch' },
        ];
      });
      expect(snapshot.integrations?.map((integration) => [integration.id, integration.name])).toEqual([
        ['800000000000000009', null],
        ['twitch:UC-abc_123', 'Stream'],
      ]);
      expect(snapshot.skippedItems).toBeUndefined();
    });

    it('keeps media channels, unknown channel types and unknown fields', () => {
      const snapshot = parse((s) => {
        s.channels?.push(makeChannel('500000000000000090', 'clips', ChannelType.GuildMedia), {
          ...makeChannel('500000000000000091', 'future', ChannelType.GuildText),
          type: 99,
          brand_new_field: true,
        } as unknown as APIGuildChannel);
      });
      expect(snapshot.channels?.slice(-2).map((channel) => channel.type)).toEqual([ChannelType.GuildMedia, 99]);
      expect(snapshot.channels?.at(-1)).toHaveProperty('brand_new_field', true);
    });

    it('keeps a webhook with a null name and an audit-log entry with a null actor', () => {
      const snapshot = parse((s) => {
        s.webhooks = [{ ...makeWebhook('900000000000000001', 'Hook', IDS.generalChannel, IDS.admin), name: null }];
        s.auditLog?.audit_log_entries.push({ id: '1', user_id: null, target_id: null, action_type: 1 });
      });
      expect(snapshot.webhooks?.[0]?.name).toBeNull();
      expect(snapshot.auditLog?.audit_log_entries.at(-1)?.user_id).toBeNull();
    });

    it.each([
      [
        'channels',
        (s: Record<string, unknown>) => (s.channels as unknown[]).push({ id: '500000000000000099', name: 'no type' }),
      ],
      ['members', (s: Record<string, unknown>) => (s.members as unknown[]).push({ roles: [] })],
      [
        'integrations',
        (s: Record<string, unknown>) => (s.integrations as unknown[]).push({ id: '', name: 'x', type: 'discord' }),
      ],
      [
        'webhooks',
        (s: Record<string, unknown>) => (s.webhooks as unknown[]).push({ id: '900000000000000002', type: 'incoming' }),
      ],
      [
        'autoModerationRules',
        (s: Record<string, unknown>) =>
          (s.autoModerationRules as unknown[]).push({ id: '700000000000000009', name: 'no trigger' }),
      ],
      [
        'roles',
        (s: Record<string, unknown>) =>
          (s.guild as { roles: unknown[] }).roles.push({ id: '400000000000000099', name: 'odd', permissions: '0x8' }),
      ],
      [
        'auditLogEntries',
        (s: Record<string, unknown>) =>
          (s.auditLog as { audit_log_entries: unknown[] }).audit_log_entries.push({ id: 'abc' }),
      ],
    ] as const)('sets one unreadable item of %s aside instead of failing the audit', (part, spoil) => {
      const input = asJson(makeSnapshot()) as Record<string, unknown>;
      const before = parseAuditSnapshot(asJson(input));
      spoil(input);
      const result = parseAuditSnapshot(input);
      expect(result.ok).toBe(true);
      if (!result.ok || !before.ok) return;
      expect(result.snapshot.skippedItems).toEqual([expect.objectContaining({ part })]);
      expect(JSON.stringify({ ...result.snapshot, skippedItems: undefined })).toBe(
        JSON.stringify({ ...before.snapshot, skippedItems: undefined }),
      );
    });

    it.each([
      ['a user that is a list', { user: [], roles: [] }],
      ['a numeric user id', { user: { id: 1, username: 'u' }, roles: [] }],
      ['a user id that is no snowflake', { user: { id: '12ab', username: 'u' }, roles: [] }],
      ['no username', { user: { id: '220000000000000001' }, roles: [] }],
      ['bot as text', { user: { id: '220000000000000001', username: 'u', bot: 'yes' }, roles: [] }],
      ['a role id that is no snowflake', { user: { id: '220000000000000001', username: 'u' }, roles: ['x'] }],
      ['roles missing', { user: { id: '220000000000000001', username: 'u' } }],
      ['joined_at as a number', { user: { id: '220000000000000001', username: 'u' }, roles: [], joined_at: 1 }],
    ])('sets a member with %s aside, with the schema’s own reason', (_case, member) => {
      const input = asJson(makeSnapshot()) as Record<string, unknown>;
      (input.members as unknown[]).push(member);
      const result = parseAuditSnapshot(input);
      expect(result.ok && result.snapshot.skippedItems).toEqual([
        { part: 'members', id: null, issue: expect.stringMatching(/^(user|roles|joined_at)/) },
      ]);
    });

    it('keeps members with extra fields, a null or absent joined_at and a boolean bot, unchanged', () => {
      const extra = [
        { user: { id: '220000000000000001', username: 'a', bot: true, avatar: null }, roles: [], flags: 0 },
        { user: { id: '220000000000000002', username: 'b' }, roles: ['400000000000000001'], joined_at: null },
      ];
      const input = asJson(makeSnapshot()) as Record<string, unknown>;
      (input.members as unknown[]).push(...extra);
      const result = parseAuditSnapshot(input);
      expect(result.ok && result.snapshot.skippedItems).toBeUndefined();
      expect(result.ok && result.snapshot.members?.slice(-2)).toEqual(extra);
    });
  });
});

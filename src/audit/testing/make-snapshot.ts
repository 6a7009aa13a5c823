import {
  AutoModerationActionType,
  AutoModerationRuleEventType,
  AutoModerationRuleTriggerType,
  ChannelType,
  GuildDefaultMessageNotifications,
  GuildExplicitContentFilter,
  GuildMFALevel,
  GuildNSFWLevel,
  GuildPremiumTier,
  GuildSystemChannelFlags,
  GuildVerificationLevel,
  Locale,
  OverwriteType,
  WebhookType,
  type APIAutoModerationRule,
  type APIGuildChannel,
  type APIGuildIntegration,
  type APIGuildMember,
  type APIOverwrite,
  type APIRole,
  type APIWebhook,
  type GuildChannelType,
  type GuildMemberFlags,
  type RoleFlags,
} from 'discord-api-types/v10';
import type { AuditSnapshot } from '../../shared/audit-snapshot.js';
import { Permission } from '../../shared/permissions.js';

/** Fixed ids of the baseline guild, so tests can refer to its parts by name. */
export const IDS = {
  guild: '100000000000000001',
  owner: '200000000000000001',
  admin: '200000000000000002',
  moderator: '200000000000000003',
  auditBot: '300000000000000001',
  helperBot: '300000000000000002',
  adminRole: '400000000000000001',
  moderatorRole: '400000000000000002',
  memberRole: '400000000000000003',
  auditBotRole: '400000000000000004',
  helperBotRole: '400000000000000005',
  rulesChannel: '500000000000000001',
  announcementsChannel: '500000000000000002',
  generalChannel: '500000000000000003',
  staffChannel: '500000000000000004',
  voiceChannel: '500000000000000005',
  stageChannel: '500000000000000006',
  forumChannel: '500000000000000007',
  infoCategory: '500000000000000008',
} as const;

export const COLLECTED_AT = '2026-09-01T00:00:00.000Z';
const DAY = 86_400_000;

export function daysBefore(days: number): string {
  return new Date(Date.parse(COLLECTED_AT) - days * DAY).toISOString();
}

/** A snowflake minted `days` before the snapshot, for audit-log entries. */
export function snowflakeDaysBefore(days: number, sequence = 0): string {
  const ms = BigInt(Date.parse(COLLECTED_AT) - days * DAY) - 1_420_070_400_000n;
  return ((ms << 22n) + BigInt(sequence)).toString();
}

export function bits(...flags: (keyof typeof Permission)[]): string {
  return flags.reduce((mask, flag) => mask | Permission[flag], 0n).toString();
}

export const EVERYONE_BASELINE = bits(
  'VIEW_CHANNEL',
  'SEND_MESSAGES',
  'READ_MESSAGE_HISTORY',
  'ADD_REACTIONS',
  'CONNECT',
  'SPEAK',
  'USE_VAD',
  'CHANGE_NICKNAME',
  'USE_APPLICATION_COMMANDS',
  'SEND_MESSAGES_IN_THREADS',
  'CREATE_PUBLIC_THREADS',
  'REQUEST_TO_SPEAK',
);

export function makeRole(
  id: string,
  name: string,
  position: number,
  permissions: string,
  extra: Partial<APIRole> = {},
): APIRole {
  return {
    id,
    name,
    color: 0,
    colors: { primary_color: 0, secondary_color: null, tertiary_color: null },
    hoist: false,
    position,
    permissions,
    managed: false,
    mentionable: false,
    // Discord sends 0 for "no flags"; the enum simply has no member for it.
    flags: 0 as RoleFlags,
    ...extra,
  };
}

export function makeMember(
  id: string,
  username: string,
  roles: string[],
  extra: { bot?: boolean; joinedAt?: string; nick?: string; publicFlags?: number } = {},
): APIGuildMember {
  return {
    user: {
      id,
      username,
      discriminator: '0',
      global_name: null,
      avatar: null,
      ...(extra.bot ? { bot: true } : {}),
      ...(extra.publicFlags === undefined ? {} : { public_flags: extra.publicFlags }),
    },
    nick: extra.nick ?? null,
    roles,
    joined_at: extra.joinedAt ?? daysBefore(400),
    deaf: false,
    mute: false,
    flags: 0 as GuildMemberFlags,
  };
}

export function overwrite(id: string, type: 'role' | 'member', allow = '0', deny = '0'): APIOverwrite {
  return { id, type: type === 'role' ? OverwriteType.Role : OverwriteType.Member, allow, deny };
}

export function makeChannel(
  id: string,
  name: string,
  type: GuildChannelType,
  overwrites: APIOverwrite[] = [],
  extra: Record<string, unknown> = {},
): APIGuildChannel {
  return {
    id,
    name,
    type,
    guild_id: IDS.guild,
    position: 0,
    permission_overwrites: overwrites,
    ...extra,
  } as APIGuildChannel;
}

export function makeWebhook(
  id: string,
  name: string,
  channelId: string,
  creatorId: string,
  extra: Partial<APIWebhook> = {},
): APIWebhook {
  return {
    id,
    type: WebhookType.Incoming,
    guild_id: IDS.guild,
    channel_id: channelId,
    name,
    avatar: null,
    application_id: null,
    user: {
      id: creatorId,
      username: `user-${creatorId.slice(-2)}`,
      discriminator: '0',
      global_name: null,
      avatar: null,
    },
    ...extra,
  };
}

export function makeAutoModRule(
  id: string,
  name: string,
  triggerType: AutoModerationRuleTriggerType,
  extra: Partial<APIAutoModerationRule> = {},
): APIAutoModerationRule {
  return {
    id,
    guild_id: IDS.guild,
    name,
    creator_id: IDS.owner,
    event_type: AutoModerationRuleEventType.MessageSend,
    trigger_type: triggerType,
    trigger_metadata: {},
    actions: [{ type: AutoModerationActionType.BlockMessage }],
    enabled: true,
    exempt_roles: [],
    exempt_channels: [],
    ...extra,
  };
}

export function makeBotIntegration(id: string, botId: string, name: string, enabled = true): APIGuildIntegration {
  return {
    id,
    name,
    type: 'discord',
    enabled,
    account: { id: botId, name },
    application: {
      id: botId,
      name,
      icon: null,
      description: '',
      bot: { id: botId, username: name, discriminator: '0', global_name: null, avatar: null, bot: true },
    },
    scopes: ['bot', 'applications.commands'] as APIGuildIntegration['scopes'],
  };
}

function baselineChannels(): APIGuildChannel[] {
  const denySend = overwrite(IDS.guild, 'role', '0', bits('SEND_MESSAGES'));
  return [
    makeChannel(IDS.infoCategory, 'Information', ChannelType.GuildCategory),
    makeChannel(IDS.rulesChannel, 'rules', ChannelType.GuildText, [denySend], { parent_id: IDS.infoCategory }),
    makeChannel(IDS.announcementsChannel, 'announcements', ChannelType.GuildAnnouncement, [denySend]),
    makeChannel(IDS.generalChannel, 'general', ChannelType.GuildText),
    makeChannel(IDS.staffChannel, 'staff', ChannelType.GuildText, [
      overwrite(IDS.guild, 'role', '0', bits('VIEW_CHANNEL')),
      overwrite(IDS.moderatorRole, 'role', bits('VIEW_CHANNEL')),
    ]),
    makeChannel(IDS.voiceChannel, 'Lounge', ChannelType.GuildVoice),
    makeChannel(IDS.stageChannel, 'Town Hall', ChannelType.GuildStageVoice),
    makeChannel(IDS.forumChannel, 'help', ChannelType.GuildForum, [], {
      rate_limit_per_user: 30,
      available_tags: [{ id: '600000000000000001', name: 'solved', moderated: true, emoji_id: null, emoji_name: null }],
    }),
  ];
}

function baselineMembers(): APIGuildMember[] {
  const regulars = Array.from({ length: 10 }, (_, i) =>
    makeMember(`2000000000000001${String(i).padStart(2, '0')}`, `member${i}`, [IDS.memberRole]),
  );
  return [
    makeMember(IDS.owner, 'owner', [IDS.adminRole]),
    makeMember(IDS.admin, 'admin', [IDS.adminRole]),
    makeMember(IDS.moderator, 'moderator', [IDS.moderatorRole, IDS.memberRole]),
    ...regulars,
    makeMember(IDS.auditBot, 'Rampart', [IDS.auditBotRole], { bot: true, joinedAt: daysBefore(1) }),
    makeMember(IDS.helperBot, 'HelperBot', [IDS.helperBotRole], {
      bot: true,
      joinedAt: daysBefore(30),
      publicFlags: 1 << 16,
    }),
  ];
}

function countRoles(members: APIGuildMember[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const member of members) for (const roleId of member.roles) counts[roleId] = (counts[roleId] ?? 0) + 1;
  return counts;
}

/**
 * A small guild that passes every automated check, with our own audit bot holding ADMINISTRATOR at
 * the top of the role list (the invite the spec asks for). Pass a change to break one thing; the
 * role member counts are recomputed from the member list after the change unless it sets them.
 */
export function makeSnapshot(change?: (snapshot: AuditSnapshot) => void): AuditSnapshot {
  const members = baselineMembers();
  const snapshot: AuditSnapshot = {
    snapshotVersion: 1,
    collectedAt: COLLECTED_AT,
    botUserId: IDS.auditBot,
    guild: {
      id: IDS.guild,
      name: 'Test Guild',
      icon: null,
      splash: null,
      discovery_splash: null,
      banner: null,
      owner_id: IDS.owner,
      afk_channel_id: null,
      afk_timeout: 300,
      verification_level: GuildVerificationLevel.Medium,
      default_message_notifications: GuildDefaultMessageNotifications.OnlyMentions,
      explicit_content_filter: GuildExplicitContentFilter.AllMembers,
      roles: [
        makeRole(IDS.guild, '@everyone', 0, EVERYONE_BASELINE),
        makeRole(IDS.auditBotRole, 'Rampart', 6, bits('ADMINISTRATOR'), {
          managed: true,
          tags: { bot_id: IDS.auditBot },
        }),
        makeRole(IDS.adminRole, 'Admin', 5, bits('ADMINISTRATOR'), { hoist: true }),
        makeRole(
          IDS.moderatorRole,
          'Moderator',
          4,
          bits('KICK_MEMBERS', 'BAN_MEMBERS', 'MODERATE_MEMBERS', 'MANAGE_MESSAGES', 'VIEW_AUDIT_LOG'),
        ),
        makeRole(IDS.helperBotRole, 'HelperBot', 3, bits('SEND_MESSAGES', 'EMBED_LINKS'), {
          managed: true,
          tags: { bot_id: IDS.helperBot },
        }),
        makeRole(IDS.memberRole, 'Member', 1, '0'),
      ],
      emojis: [],
      features: [
        'COMMUNITY',
        'MEMBER_VERIFICATION_GATE_ENABLED',
        'WELCOME_SCREEN_ENABLED',
        'AUTO_MODERATION',
      ] as AuditSnapshot['guild']['features'],
      mfa_level: GuildMFALevel.Elevated,
      application_id: null,
      system_channel_id: null,
      system_channel_flags: GuildSystemChannelFlags.SuppressJoinNotifications,
      rules_channel_id: IDS.rulesChannel,
      vanity_url_code: null,
      description: null,
      premium_tier: GuildPremiumTier.None,
      preferred_locale: Locale.EnglishUS,
      public_updates_channel_id: IDS.announcementsChannel,
      approximate_member_count: members.length,
      nsfw_level: GuildNSFWLevel.Default,
      premium_progress_bar_enabled: false,
      hub_type: null,
      safety_alerts_channel_id: null,
      incidents_data: null,
    },
    channels: baselineChannels(),
    roleMemberCounts: countRoles(members),
    members,
    autoModerationRules: [
      makeAutoModRule('700000000000000001', 'Block spam', AutoModerationRuleTriggerType.Spam),
      makeAutoModRule('700000000000000002', 'Mention spam', AutoModerationRuleTriggerType.MentionSpam, {
        trigger_metadata: { mention_total_limit: 10, mention_raid_protection_enabled: true },
      }),
    ],
    integrations: [
      makeBotIntegration('800000000000000001', IDS.auditBot, 'Rampart'),
      makeBotIntegration('800000000000000002', IDS.helperBot, 'HelperBot'),
    ],
    webhooks: [makeWebhook('900000000000000001', 'Release notes', IDS.announcementsChannel, IDS.admin)],
    auditLog: {
      audit_log_entries: [
        { id: snowflakeDaysBefore(2), user_id: IDS.helperBot, target_id: null, action_type: 24 },
        { id: snowflakeDaysBefore(1), user_id: IDS.auditBot, target_id: null, action_type: 28 },
      ],
      users: [],
      webhooks: [],
      integrations: [],
      threads: [],
      auto_moderation_rules: [],
      guild_scheduled_events: [],
      application_commands: [],
    },
    welcomeScreen: {
      description: 'Welcome!',
      welcome_channels: [{ channel_id: IDS.rulesChannel, description: 'Read first', emoji_id: null, emoji_name: null }],
    },
    onboarding: { guild_id: IDS.guild, prompts: [], default_channel_ids: [], enabled: true, mode: 0 },
  };
  if (change) {
    const countsBefore = snapshot.roleMemberCounts;
    change(snapshot);
    if (snapshot.members && snapshot.roleMemberCounts === countsBefore)
      snapshot.roleMemberCounts = countRoles(snapshot.members);
  }
  return snapshot;
}

export function roleNamed(snapshot: AuditSnapshot, name: string): APIRole {
  const role = snapshot.guild.roles.find((candidate) => candidate.name === name);
  if (!role) throw new Error(`No role named ${name} in the test snapshot`);
  return role;
}

export function channelNamed(snapshot: AuditSnapshot, name: string): APIGuildChannel {
  const channel = snapshot.channels?.find((candidate) => candidate.name === name);
  if (!channel) throw new Error(`No channel named ${name} in the test snapshot`);
  return channel;
}

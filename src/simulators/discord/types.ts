import type {
  APIAuditLogEntry,
  APIAutoModerationRule,
  APIEmbed,
  APIGuild,
  APIGuildCategoryChannel,
  APIGuildForumChannel,
  APIGuildIntegration,
  APIGuildMediaChannel,
  APIGuildMember,
  APIGuildOnboarding,
  APIGuildStageVoiceChannel,
  APIGuildVoiceChannel,
  APIGuildWelcomeScreen,
  APINewsChannel,
  APIRole,
  APITextChannel,
  APIThreadChannel,
  APIUser,
  APIWebhook,
} from 'discord-api-types/v10';

/** The channel kinds `GET /guilds/{id}/channels` returns (threads and DMs never appear there). */
export type SimulatedGuildChannel =
  | APITextChannel
  | APINewsChannel
  | APIGuildCategoryChannel
  | APIGuildVoiceChannel
  | APIGuildStageVoiceChannel
  | APIGuildForumChannel
  | APIGuildMediaChannel;

/** Discord publishes an integration's `name` as nullable (and gives streaming integrations non-numeric ids). */
export type SimulatedIntegration = Omit<APIGuildIntegration, 'name'> & { name: string | null };

/** The guild object without the parts the simulator serves from their own collections. */
export type GuildSettings = Omit<
  APIGuild,
  'roles' | 'approximate_member_count' | 'approximate_presence_count' | 'owner' | 'permissions'
>;

/** Per-fixture switches that reproduce Discord's access failures (discord-reference §8). */
export interface GuildToggles {
  /** Off: `GET /guilds/{id}/members` answers 403 50001, as when the GUILD_MEMBERS intent is disabled. */
  membersIntent: boolean;
  /** On: channels the bot cannot VIEW_CHANNEL are left out of the channel list (discord-reference §0.3). */
  channelObfuscation: boolean;
}

/** Everything the simulator serves for one guild. Treat as immutable: the state copies what it mutates. */
export interface GuildFixture {
  guild: GuildSettings;
  roles: APIRole[];
  channels: SimulatedGuildChannel[];
  /** Sorted ascending by user id, as the member list route returns them. */
  members: APIGuildMember[];
  autoModerationRules: APIAutoModerationRule[];
  integrations: SimulatedIntegration[];
  webhooks: APIWebhook[];
  /** Threads (never in the channel list); the audit log describes those its entries name. */
  threads?: APIThreadChannel[];
  /** Newest first. */
  auditLogEntries: APIAuditLogEntry[];
  /** Null when the guild never set one up: the route then answers 404 10069. */
  welcomeScreen: APIGuildWelcomeScreen | null;
  onboarding: APIGuildOnboarding;
  presenceCount: number;
  toggles: GuildToggles;
}

/** A fixture guild as listed before its data is built; the large guild is generated only on first use. */
export interface GuildFixtureDefinition {
  id: string;
  name: string;
  ownerId: string;
  build(now: number): GuildFixture;
}

/** A human account that can sign in through the simulated OAuth screen. */
export interface DemoAccount {
  /** The public user object as it appears in member lists. */
  user: APIUser;
  /** Private fields only `GET /users/@me` reveals to the account itself. */
  mfaEnabled: boolean;
  locale: string;
  email: string;
}

/** An Execute Webhook call the simulator accepted, kept in its state for tests to read. */
export interface ReceivedWebhookMessage {
  webhookId: string;
  channelId: string;
  /** The JSON body as it arrived. */
  body: Record<string, unknown>;
  message: SimulatedMessage;
}

/** A message object as Discord returns it (only the fields a webhook's message has). */
export interface SimulatedMessage {
  id: string;
  channel_id: string;
  content: string;
  embeds: APIEmbed[];
  webhook_id: string;
  [field: string]: unknown;
}

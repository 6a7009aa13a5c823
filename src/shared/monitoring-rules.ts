/**
 * Continuous monitoring (issue 12): cadences, how scheduled audits are spread over a cadence, the drift
 * alert's default, the Discord webhook URLs an owner may paste, and the size bands peer comparison uses.
 * Pure rules for the server and the web.
 */

export const MONITORING_CADENCES = ['daily', 'weekly'] as const;
export type MonitoringCadence = (typeof MONITORING_CADENCES)[number];

export const CADENCE_MS: Readonly<Record<MonitoringCadence, number>> = {
  daily: 24 * 60 * 60 * 1000,
  weekly: 7 * 24 * 60 * 60 * 1000,
};

export const CADENCE_LABEL: Readonly<Record<MonitoringCadence, string>> = { daily: 'Daily', weekly: 'Weekly' };

/** What started an audit: someone's click (counted against the quota) or the monitoring schedule (never counted). */
export const AUDIT_TRIGGERS = ['manual', 'scheduled'] as const;
export type AuditTrigger = (typeof AUDIT_TRIGGERS)[number];

/** A scheduled audit whose score of record falls by at least this many points raises an alert (owners may change it). */
export const DEFAULT_SCORE_DROP_THRESHOLD = 5;
export const MIN_SCORE_DROP_THRESHOLD = 1;
export const MAX_SCORE_DROP_THRESHOLD = 100;

/** Why monitoring stopped by itself; null while it runs. */
export const MONITORING_PAUSE_REASONS = ['bot_left'] as const;
export type MonitoringPauseReason = (typeof MONITORING_PAUSE_REASONS)[number];

/**
 * Where in its cadence a server's scheduled audits fall: a fixed offset from a hash of the server's id,
 * so a thousand monitored servers spread over the day or week instead of all running at the hour, and
 * the same server keeps its slot across restarts and instances.
 */
export function scheduleOffsetMs(serverId: string, cadence: MonitoringCadence): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < serverId.length; index += 1) {
    hash ^= serverId.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % CADENCE_MS[cadence];
}

/**
 * The first slot of the server's cadence strictly after `after`: slots are `offset + k × cadence` from the
 * epoch, so every instance computes the same time for the same server.
 */
export function nextScheduledRun(serverId: string, cadence: MonitoringCadence, after: Date): Date {
  const period = CADENCE_MS[cadence];
  const offset = scheduleOffsetMs(serverId, cadence);
  const slots = Math.floor((after.getTime() - offset) / period) + 1;
  return new Date(offset + slots * period);
}

/**
 * An incoming webhook URL as Discord shows it under Integrations → Webhooks → Copy Webhook URL: https on
 * discord.com (or its ptb, canary and legacy discordapp.com hosts), `/api[/v N]/webhooks/{id}/{token}`,
 * with no query, fragment, port or credentials.
 */
const WEBHOOK_URL =
  /^https:\/\/(?:(?:ptb|canary)\.)?discord(?:app)?\.com\/api(?:\/v\d{1,2})?\/webhooks\/(\d{17,20})\/([A-Za-z0-9_-]{20,100})$/;

export interface DiscordWebhookRef {
  webhookId: string;
  token: string;
}

export function parseDiscordWebhookUrl(value: string): DiscordWebhookRef | null {
  const match = WEBHOOK_URL.exec(value.trim());
  if (match === null) return null;
  const [, webhookId, token] = match;
  return webhookId === undefined || token === undefined ? null : { webhookId, token };
}

export const INVALID_WEBHOOK_URL_MESSAGE =
  'Paste the URL Discord shows under Server Settings → Integrations → Webhooks → Copy Webhook URL (https://discord.com/api/webhooks/…).';

/** What is shown of a stored webhook URL: never the token, only the webhook's id and the token's last 4 characters. */
export function webhookHint({ webhookId, token }: DiscordWebhookRef): string {
  return `https://discord.com/api/webhooks/${webhookId}/••••${token.slice(-4)}`;
}

/** Peer comparison compares a server only with servers of its member-count band. */
export const MEMBER_COUNT_BANDS = [
  { id: 'xs', label: 'under 100 members', min: 0, max: 99 },
  { id: 's', label: '100–999 members', min: 100, max: 999 },
  { id: 'm', label: '1,000–9,999 members', min: 1_000, max: 9_999 },
  { id: 'l', label: '10,000–99,999 members', min: 10_000, max: 99_999 },
  { id: 'xl', label: '100,000 members or more', min: 100_000, max: Number.MAX_SAFE_INTEGER },
] as const;
export type MemberCountBand = (typeof MEMBER_COUNT_BANDS)[number];

export function memberCountBand(memberCount: number): MemberCountBand {
  return MEMBER_COUNT_BANDS.find((band) => memberCount <= band.max) ?? MEMBER_COUNT_BANDS[4];
}

/** Fewer peers than this and nothing is shown: a percentile of a handful of servers would be a guess. */
export const MIN_PEERS = 10;
/** Peers are servers whose latest completed audit is at most this old. */
export const PEER_WINDOW_DAYS = 90;

/** Where a drift alert sends its reader: the audits page, showing what changed in that audit. */
export function auditChangesPath(serverId: string, auditId: string): string {
  return `/audits?server=${encodeURIComponent(serverId)}&changes=${encodeURIComponent(auditId)}`;
}

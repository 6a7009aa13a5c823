import { parseDiscordWebhookUrl } from '../../../shared/monitoring-rules.js';

/** One embed of an alert: what Discord shows as a card under the message's short text. */
export interface WebhookEmbed {
  title: string;
  description: string;
  url: string;
  color: number;
  timestamp: string;
}

export interface WebhookMessage {
  content: string;
  embeds: WebhookEmbed[];
}

/** Why a post did not arrive, worded for the owner who pasted the URL. */
export class WebhookDeliveryError extends Error {
  constructor(
    message: string,
    /** Discord's HTTP status; null when Discord was not reached at all. */
    readonly status: number | null,
  ) {
    super(message);
  }
}

const TIMEOUT_MS = 10_000;
const UNKNOWN_WEBHOOK = 10015;

/**
 * Executes incoming webhooks (discord-reference: Execute Webhook) at the configured API base, so demo mode
 * and tests reach the simulator and production reaches discord.com. No bot token: the URL's token is the
 * credential. `wait=true` makes Discord confirm the message was created instead of answering before it is.
 */
export function discordWebhookClient(apiUrl: string) {
  return {
    async execute(webhookUrl: string, message: WebhookMessage): Promise<void> {
      const ref = parseDiscordWebhookUrl(webhookUrl);
      if (ref === null) throw new WebhookDeliveryError('The stored webhook URL is not a Discord webhook URL.', null);
      const target = `${apiUrl}/v10/webhooks/${ref.webhookId}/${ref.token}?wait=true`;
      let response: Response;
      try {
        response = await fetch(target, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          // Alerts never ping anyone, whatever their text contains.
          body: JSON.stringify({ ...message, allowed_mentions: { parse: [] } }),
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
      } catch {
        throw new WebhookDeliveryError('Discord could not be reached. Try again in a few minutes.', null);
      }
      if (response.ok) return;
      throw new WebhookDeliveryError(await refusal(response), response.status);
    },
  };
}

export type DiscordWebhookClient = ReturnType<typeof discordWebhookClient>;

async function refusal(response: Response): Promise<string> {
  const body: unknown = await response.json().catch(() => null);
  const code = typeof body === 'object' && body !== null && 'code' in body ? body.code : undefined;
  if (response.status === 404 && code === UNKNOWN_WEBHOOK) {
    return 'Discord says this webhook no longer exists: it was deleted in Discord. Create a new one and paste its URL.';
  }
  if (response.status === 429) return 'Discord is rate limiting this webhook. Try again in a minute.';
  if (response.status >= 500) return `Discord failed to post the message (${response.status}). Try again later.`;
  return `Discord refused the message (${response.status}). Check the webhook in Discord and paste its URL again.`;
}

import { type APIEmbed, type APIWebhook, MessageType } from 'discord-api-types/v10';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SimulatorContext } from './context.js';
import { DiscordApiError, invalidFormBody } from './discord-errors.js';
import { booleanQuery } from './query.js';
import { snowflakeAt } from './snowflake.js';
import type { SimulatedMessage } from './types.js';

/** A message an incoming webhook received, kept for tests (`state.webhookMessages`). */
const MAX_CONTENT = 2000;
const MAX_EMBEDS = 10;

export const unknownWebhook = () => new DiscordApiError(404, { message: 'Unknown Webhook', code: 10015 });
const emptyMessage = () => new DiscordApiError(400, { message: 'Cannot send an empty message', code: 50006 });

type ExecuteRequest = FastifyRequest<{ Params: { webhookId: string; webhookToken: string } }>;

/**
 * Execute Webhook (discord-reference, Webhooks): no Authorization header, the URL's token is the credential.
 * A webhook that does not exist (or was removed from its guild) and a wrong token both answer 404 10015.
 */
export function registerWebhookRoutes(instance: FastifyInstance, context: SimulatorContext): void {
  const execute = async (request: ExecuteRequest, reply: FastifyReply) => {
    const webhook = context.state.incomingWebhook(request.params.webhookId);
    if (webhook?.token === undefined || webhook.token !== request.params.webhookToken) throw unknownWebhook();
    const body = validBody(request.body);
    const message = messageOf(webhook, body, context.state.clock(), context.state.webhookMessages.length);
    context.state.webhookMessages.push({ webhookId: webhook.id, channelId: message.channel_id, body, message });
    if (!booleanQuery(request, 'wait')) return reply.code(204).send();
    return message;
  };
  instance.post('/api/v10/webhooks/:webhookId/:webhookToken', execute);
  instance.post('/api/webhooks/:webhookId/:webhookToken', execute);
}

function validBody(body: unknown): Record<string, unknown> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw emptyMessage();
  const fields = body as Record<string, unknown>;
  const { content, embeds } = fields;
  if (content !== undefined && typeof content !== 'string') {
    throw invalidFormBody('content', 'BASE_TYPE_STRING', 'Must be a string.');
  }
  if (typeof content === 'string' && content.length > MAX_CONTENT) {
    throw invalidFormBody('content', 'BASE_TYPE_MAX_LENGTH', `Must be ${MAX_CONTENT} or fewer in length.`);
  }
  if (embeds !== undefined && !Array.isArray(embeds)) {
    throw invalidFormBody('embeds', 'LIST_TYPE_CONVERT', 'Only iterables may be used in a ListType');
  }
  if (Array.isArray(embeds) && embeds.length > MAX_EMBEDS) {
    throw invalidFormBody('embeds', 'BASE_TYPE_MAX_LENGTH', `Must be ${MAX_EMBEDS} or fewer in length.`);
  }
  const hasContent = typeof content === 'string' && content.trim() !== '';
  if (!hasContent && (!Array.isArray(embeds) || embeds.length === 0)) throw emptyMessage();
  return fields;
}

function messageOf(
  webhook: APIWebhook,
  body: Record<string, unknown>,
  now: number,
  sequence: number,
): SimulatedMessage {
  const embeds = Array.isArray(body.embeds) ? (body.embeds as APIEmbed[]) : [];
  return {
    id: snowflakeAt(now, sequence),
    type: MessageType.Default,
    channel_id: webhook.channel_id ?? '',
    author: {
      id: webhook.id,
      username: webhook.name ?? 'Captain Hook',
      avatar: webhook.avatar,
      discriminator: '0000',
      public_flags: 0,
      flags: 0,
      bot: true,
      global_name: null,
      primary_guild: null,
    },
    content: typeof body.content === 'string' ? body.content : '',
    timestamp: new Date(now).toISOString(),
    edited_timestamp: null,
    tts: false,
    mention_everyone: false,
    mentions: [],
    mention_roles: [],
    attachments: [],
    embeds: embeds.map((embed) => ({ type: 'rich', ...embed }) as APIEmbed),
    pinned: false,
    flags: 0,
    components: [],
    webhook_id: webhook.id,
  };
}

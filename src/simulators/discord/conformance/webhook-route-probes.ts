import { PATCH_NOTES_WEBHOOK_ID, simulatedWebhookToken } from '../fixtures/index.js';
import { removeWebhook } from '../guild-mutations.js';
import { published, rateLimited, type Probe, type RouteUnderTest } from './route-probes.js';

const EXECUTE = published('post', '/webhooks/{webhook_id}/{webhook_token}');
const TOKEN = simulatedWebhookToken(PATCH_NOTES_WEBHOOK_ID);
const PIXEL_PLAZA_ID = '1200000000000000002';
const ALERT = {
  content: 'Security drift on Pixel Plaza',
  embeds: [{ title: 'Drift alert', description: 'Security score fell from 92 to 78.', color: 0xd83c3e }],
  allowed_mentions: { parse: [] },
};

/** Execute Webhook under both API bases: each answer it can give, with a JSON body as Discord takes it. */
function executeRoute(base: string): RouteUnderTest {
  const at = (id: string, token: string, query = '') => `${base}/webhooks/${id}/${token}${query}`;
  const post = (label: string, url: string, json: unknown, expectedStatus: number, extra: Partial<Probe> = {}) => ({
    label,
    method: 'POST' as const,
    url,
    contract: EXECUTE,
    json,
    expectedStatus,
    ...extra,
  });
  return {
    route: `POST ${base}/webhooks/:webhookId/:webhookToken`,
    statuses: [200, 204, 400, 404, 429],
    probes: async () => [
      post('wait=true answers the message', at(PATCH_NOTES_WEBHOOK_ID, TOKEN, '?wait=true'), ALERT, 200),
      post('without wait', at(PATCH_NOTES_WEBHOOK_ID, TOKEN), { content: 'Test alert' }, 204),
      post('empty message', at(PATCH_NOTES_WEBHOOK_ID, TOKEN), { embeds: [] }, 400),
      post('content too long', at(PATCH_NOTES_WEBHOOK_ID, TOKEN), { content: 'x'.repeat(2001) }, 400),
      post('eleven embeds', at(PATCH_NOTES_WEBHOOK_ID, TOKEN), { embeds: Array(11).fill({ title: 'x' }) }, 400),
      post('wrong token', at(PATCH_NOTES_WEBHOOK_ID, 'wrong-token-of-twenty-characters'), ALERT, 404),
      post('unknown webhook', at('1299999999999999999', TOKEN), ALERT, 404),
      post('webhook deleted in Discord', at(PATCH_NOTES_WEBHOOK_ID, TOKEN), ALERT, 404, {
        prepare: (state) => {
          const guild = state.guild(PIXEL_PLAZA_ID);
          if (guild !== undefined) removeWebhook(guild, PATCH_NOTES_WEBHOOK_ID);
        },
      }),
      ...rateLimited({ method: 'POST', url: at(PATCH_NOTES_WEBHOOK_ID, TOKEN), contract: EXECUTE, json: ALERT }),
    ],
  };
}

export const WEBHOOK_ROUTES: RouteUnderTest[] = [executeRoute('/api/v10'), executeRoute('/api')];

import { z } from 'zod';
import { endpoint } from './endpoint.js';

/** All three fields are required; code and username are trimmed. */
export const BypassRequest = z.object({
  code: z.string().trim().min(1).max(256),
  username: z.string().trim().min(1).max(100),
  serverId: z.string().min(1),
});
export type BypassRequest = z.infer<typeof BypassRequest>;

export const BypassResponse = z.object({ ok: z.literal(true) });

export const bypassPaywall = endpoint({
  name: 'bypassPaywall',
  method: 'POST',
  path: '/api/paywall/bypass',
  access: 'user',
  summary: 'Grant access to a server with a bypass code issued by Rampart staff.',
  body: BypassRequest,
  response: BypassResponse,
  status: 200,
  errors: ['BAD_REQUEST', 'UNAUTHORIZED', 'FORBIDDEN', 'NOT_FOUND'],
});

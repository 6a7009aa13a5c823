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
  errors: ['BAD_REQUEST', 'UNAUTHORIZED', 'FORBIDDEN', 'NOT_FOUND', 'INVALID_BYPASS_CODE', 'RATE_LIMITED'],
});

/** Defined by the spec's client but never used by it: always refused, so it cannot become a way in. */
export const adminBypass = endpoint({
  name: 'adminBypass',
  method: 'POST',
  path: '/api/auth/admin-bypass',
  access: 'public',
  summary: 'Refused for everyone (403): staff sign in through Discord; bypass codes go through /api/paywall/bypass.',
  response: z.object({ ok: z.literal(true) }),
  status: 200,
  errors: ['FORBIDDEN'],
});

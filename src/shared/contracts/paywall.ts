import { z } from 'zod';

/** POST /api/paywall/bypass (spec part 1 §5): all three fields required, code and username trimmed. */
export const BypassRequest = z.object({
  code: z.string().trim().min(1).max(256),
  username: z.string().trim().min(1).max(100),
  serverId: z.string().min(1),
});
export type BypassRequest = z.infer<typeof BypassRequest>;

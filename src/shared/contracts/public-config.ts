import { z } from 'zod';
import { endpoint } from './endpoint.js';

/** Public configuration the browser needs to build Discord links. */
export const PublicConfig = z.object({
  discordClientId: z.string(),
  discordAuthorizeUrl: z.string(),
  /** Permissions for the bot invite: Administrator (as the product asks) and the least-privilege alternative. */
  botPermissions: z.object({ administrator: z.string(), leastPrivilege: z.string() }),
  /** Demo mode only: the simulated wallet that sends test payments on the simulated chains; null otherwise. */
  simulatedWalletUrl: z.string().nullable(),
  /** Whether the staff sign-in form for test accounts is offered (TEST_ACCOUNT_SIGN_IN). */
  testAccountSignIn: z.boolean(),
});
export type PublicConfig = z.infer<typeof PublicConfig>;

export const getPublicConfig = endpoint({
  name: 'getPublicConfig',
  method: 'GET',
  path: '/api/config',
  access: 'public',
  summary: 'The explicit allow-list of configuration the browser may know: ids and public URLs, never secrets.',
  response: PublicConfig,
  status: 200,
  errors: [],
});

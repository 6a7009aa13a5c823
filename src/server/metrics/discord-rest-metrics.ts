import type { REST } from '@discordjs/rest';
import type { Metrics } from './metrics.js';

/**
 * Counts every answer Discord gives this REST client, retries included, and its 429s by scope. Counted
 * from answers, not from the client's `rateLimited` event, which also fires when the client waits out a
 * limit it foresaw without Discord refusing anything.
 */
export function countDiscordRest(rest: REST, metrics: Metrics): REST {
  rest.on('response', (_request, response) => {
    metrics.discordRestCalls.inc({ status: response.status });
    if (response.status !== 429) return;
    metrics.discordRateLimited.inc({ scope: rateLimitScope(response.headers) });
  });
  return rest;
}

const SCOPES = new Set(['user', 'shared', 'global']);

/** Discord's scope header, kept to its three values so an answer cannot add label values. */
function rateLimitScope(headers: { get(name: string): string | null }): string {
  if (headers.get('x-ratelimit-global') === 'true') return 'global';
  const scope = headers.get('x-ratelimit-scope') ?? 'user';
  return SCOPES.has(scope) ? scope : 'user';
}

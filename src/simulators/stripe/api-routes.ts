import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { parseCheckoutParams } from './checkout-params.js';
import { unixSeconds } from './objects.js';
import type { StripeSimulatorState } from './state.js';
import { resourceMissing, sendStripeError, StripeApiError } from './stripe-errors.js';

/**
 * Stripe's REST API under `/v1`, as far as Checkout needs it: API-key auth (Bearer, or Basic with the key
 * as user), idempotency keys on POSTs, Checkout Sessions, charges and events.
 */

/** Stripe keeps idempotent results for at least 24 hours. */
const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

interface ApiAnswer {
  status: number;
  body: unknown;
}

function apiKeyOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const [scheme, value = ''] = header.split(' ');
  if (scheme?.toLowerCase() === 'bearer') return value.trim();
  if (scheme?.toLowerCase() === 'basic') return Buffer.from(value, 'base64').toString('utf8').split(':')[0] ?? null;
  return null;
}

function maskedKey(key: string | null): string {
  return key === null || key === '' ? '' : `${key.slice(0, 8)}****${key.slice(-4)}`;
}

export function registerApiRoutes(instance: FastifyInstance, state: StripeSimulatorState, apiKey: string): void {
  instance.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/v1/')) return;
    const key = apiKeyOf(request);
    if (key !== apiKey) {
      return sendStripeError(reply, 401, {
        type: 'invalid_request_error',
        message:
          key === null
            ? 'You did not provide an API key. You need to provide your API key in the Authorization header.'
            : `Invalid API Key provided: ${maskedKey(key)}`,
      });
    }
    const fault = state.faults.shift();
    if (fault === undefined) return;
    if (fault.shouldRetry !== undefined) reply.header('stripe-should-retry', String(fault.shouldRetry));
    return sendStripeError(reply, fault.status, {
      type: 'api_error',
      message: 'An unknown error occurred (forced by the simulator).',
    });
  });

  const answer = (reply: FastifyReply, result: ApiAnswer) => reply.code(result.status).send(result.body);

  /**
   * Runs a POST once per idempotency key: the same key with the same parameters replays the first answer
   * (marked `Idempotent-Replayed: true`), with other parameters it is refused. Like Stripe, a request that
   * failed validation is not stored, so it can be corrected and sent again under the same key.
   */
  const idempotent = async (request: FastifyRequest, reply: FastifyReply, run: () => ApiAnswer) => {
    const key = request.headers['idempotency-key'];
    if (typeof key !== 'string' || key === '') return answer(reply, run());
    const fingerprint = createHash('sha256')
      .update(`${request.method} ${request.url}\n${JSON.stringify(request.body ?? {})}`)
      .digest('hex');
    const storeKey = `${apiKeyOf(request) ?? ''}:${key}`;
    const stored = state.idempotency.get(storeKey);
    if (stored !== undefined && state.now() - stored.storedAt < IDEMPOTENCY_TTL_MS) {
      if (stored.fingerprint !== fingerprint) {
        return sendStripeError(reply, 400, {
          type: 'idempotency_error',
          message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
        });
      }
      return reply.header('idempotent-replayed', 'true').code(stored.status).send(stored.body);
    }
    const result = run();
    state.idempotency.set(storeKey, { fingerprint, ...result, storedAt: state.now() });
    return answer(reply, result);
  };

  const session = (id: string) => {
    state.expireDue();
    const found = state.sessions.get(id);
    if (found === undefined) throw resourceMissing('checkout.session', id);
    return found;
  };

  instance.post('/v1/checkout/sessions', async (request, reply) =>
    idempotent(request, reply, () => {
      const params = parseCheckoutParams(request.body, unixSeconds(state.now()));
      return { status: 200, body: state.createSession(params) };
    }),
  );

  instance.get<{ Params: { id: string } }>('/v1/checkout/sessions/:id', async (request) => session(request.params.id));

  instance.post<{ Params: { id: string } }>('/v1/checkout/sessions/:id/expire', async (request, reply) =>
    idempotent(request, reply, () => {
      const found = session(request.params.id);
      if (found.status !== 'open') {
        throw new StripeApiError(400, {
          type: 'invalid_request_error',
          message: `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${found.status}".`,
        });
      }
      state.expire(found);
      return { status: 200, body: found };
    }),
  );

  instance.get<{ Params: { id: string } }>('/v1/charges/:id', async (request) => {
    const charge = state.charges.get(request.params.id);
    if (charge === undefined) throw resourceMissing('charge', request.params.id);
    return charge;
  });

  instance.get<{ Params: { id: string } }>('/v1/events/:id', async (request) => {
    const event = state.events.get(request.params.id);
    if (event === undefined) throw resourceMissing('event', request.params.id);
    return event;
  });
}

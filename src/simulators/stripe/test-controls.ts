import type { FastifyInstance, FastifyReply } from 'fastify';
import type { DeliveryMode, StripeSimulatorState } from './state.js';
import type { WebhookDispatcher } from './webhooks.js';

/**
 * `/__sim/*`: what Stripe's dashboard and CLI would do, and the misbehaviour tests need. JSON bodies;
 * each answers JSON. Nothing here exists at Stripe.
 */

const DELIVERY_MODES: readonly DeliveryMode[] = ['normal', 'bad-signature', 'stale-timestamp'];

type Body = Record<string, unknown>;
const bodyOf = (value: unknown): Body => (typeof value === 'object' && value !== null ? (value as Body) : {});

const refuse = (reply: FastifyReply, status: number, message: string) => reply.code(status).send({ error: message });

export function registerTestControls(
  instance: FastifyInstance,
  state: StripeSimulatorState,
  webhooks: WebhookDispatcher,
): void {
  instance.get('/__sim/sessions', async () => [...state.sessions.values()]);
  instance.get('/__sim/events', async () => [...state.events.values()]);
  instance.get('/__sim/deliveries', async () => webhooks.log);

  instance.post('/__sim/webhook-endpoint', async (request, reply) => {
    const { url } = bodyOf(request.body);
    if (url !== null && (typeof url !== 'string' || !URL.canParse(url)))
      return refuse(reply, 400, 'url must be a URL or null');
    webhooks.url = url;
    return { url };
  });

  instance.post('/__sim/webhooks/mode', async (request, reply) => {
    const { mode } = bodyOf(request.body);
    const chosen = DELIVERY_MODES.find((candidate) => candidate === mode);
    if (chosen === undefined) return refuse(reply, 400, `mode must be one of ${DELIVERY_MODES.join(', ')}`);
    state.deliveryMode = chosen;
    return { mode: chosen };
  });

  instance.post('/__sim/webhooks/pause', async () => {
    webhooks.paused = true;
    return { paused: true };
  });

  /** Releases held events in the order they happened, or `{"order": "reverse"}`; answers each delivery's status. */
  instance.post('/__sim/webhooks/resume', async (request) => {
    const order = bodyOf(request.body).order === 'reverse' ? 'reverse' : 'received';
    return { statuses: await webhooks.release(order) };
  });

  /** Waits until every delivery and scheduled retry is over. */
  instance.post('/__sim/webhooks/settle', async () => {
    await webhooks.settled();
    return { settled: true };
  });

  instance.post<{ Params: { id: string } }>('/__sim/events/:id/redeliver', async (request, reply) => {
    const event = state.events.get(request.params.id);
    if (event === undefined) return refuse(reply, 404, 'no such event');
    const count = Number(bodyOf(request.body).count ?? 1);
    if (!Number.isInteger(count) || count < 1 || count > 50) return refuse(reply, 400, 'count must be 1 to 50');
    return { statuses: await webhooks.redeliver(event, count) };
  });

  /** The next `count` API requests answer `status` (a 5xx by default), before any work is done. */
  instance.post('/__sim/faults', async (request, reply) => {
    const body = bodyOf(request.body);
    const status = Number(body.status ?? 500);
    const count = Number(body.count ?? 1);
    if (!Number.isInteger(status) || status < 400 || status > 599)
      return refuse(reply, 400, 'status must be 4xx or 5xx');
    if (!Number.isInteger(count) || count < 1) return refuse(reply, 400, 'count must be a positive integer');
    const shouldRetry = typeof body.shouldRetry === 'boolean' ? body.shouldRetry : undefined;
    for (let index = 0; index < count; index += 1) {
      state.faults.push(shouldRetry === undefined ? { status } : { status, shouldRetry });
    }
    return { queued: state.faults.length };
  });

  instance.post<{ Params: { id: string } }>('/__sim/sessions/:id/expire', async (request, reply) => {
    const session = state.sessions.get(request.params.id);
    if (session === undefined) return refuse(reply, 404, 'no such session');
    if (session.status !== 'open') return refuse(reply, 409, `the session is ${session.status}`);
    state.expire(session);
    return session;
  });

  /** Settles a delayed payment: `{"outcome": "succeeded" | "failed"}`. */
  instance.post<{ Params: { id: string } }>('/__sim/sessions/:id/async-payment', async (request, reply) => {
    const session = state.sessions.get(request.params.id);
    if (session === undefined) return refuse(reply, 404, 'no such session');
    const { outcome } = bodyOf(request.body);
    if (outcome !== 'succeeded' && outcome !== 'failed')
      return refuse(reply, 400, 'outcome must be succeeded or failed');
    if (session.status !== 'complete' || session.payment_status !== 'unpaid') {
      return refuse(reply, 409, 'only a completed session with a delayed payment can settle');
    }
    state.settleDelayed(session, outcome);
    return session;
  });

  /** Refunds the session's charge in full. */
  instance.post<{ Params: { id: string } }>('/__sim/sessions/:id/refund', async (request, reply) => {
    const session = state.sessions.get(request.params.id);
    if (session === undefined) return refuse(reply, 404, 'no such session');
    const charge = state.chargeOf(session);
    if (charge === undefined || charge.refunded) return refuse(reply, 409, 'the session has no charge to refund');
    state.refund(charge);
    return charge;
  });
}

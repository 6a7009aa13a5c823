import Stripe from 'stripe';
import type { StripeEvent } from './objects.js';
import type { DeliveryMode } from './state.js';

/**
 * Delivers events to the registered endpoint as Stripe does: a POST of `JSON.stringify(event, null, 2)`
 * signed with `Stripe-Signature: t=…,v1=…` over `t.body` with the whole `whsec_…` string, retried with
 * back-off while the endpoint answers anything but 2xx. Deliveries can be held (to release them out of
 * order), and signed wrongly or with a stale timestamp on purpose.
 */

export interface DeliveryRecord {
  eventId: string;
  type: string;
  attempt: number;
  /** The endpoint's HTTP status, or 0 when it could not be reached. */
  status: number;
  at: number;
}

export interface WebhookOptions {
  secret: string;
  url: string | null;
  /** Waits before each retry; its length is the number of retries. */
  retryDelaysMs: readonly number[];
  now: () => number;
  mode: () => DeliveryMode;
}

/** How old a stale delivery's timestamp is: beyond the SDK's default tolerance of 300 s. */
const STALE_BY_SECONDS = 600;
const DELIVERY_TIMEOUT_MS = 10_000;

export class WebhookDispatcher {
  url: string | null;
  paused = false;
  readonly held: StripeEvent[] = [];
  readonly log: DeliveryRecord[] = [];
  private readonly inFlight = new Set<Promise<unknown>>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly abort = new AbortController();

  constructor(private readonly options: WebhookOptions) {
    this.url = options.url;
  }

  /** A new event: delivered now (with retries), or held while deliveries are paused. */
  dispatch(event: StripeEvent): void {
    if (this.paused) {
      this.held.push(event);
      return;
    }
    this.track(this.deliverWithRetries(event, 0));
  }

  /** Delivers the held events one after the other, in the order given; answers each endpoint status. */
  async release(order: 'received' | 'reverse'): Promise<number[]> {
    this.paused = false;
    const events = this.held.splice(0, this.held.length);
    if (order === 'reverse') events.reverse();
    const statuses: number[] = [];
    for (const event of events) statuses.push(await this.deliverOnce(event, 0));
    return statuses;
  }

  /** The same event again (a duplicate delivery), `count` times at once; answers each endpoint status. */
  async redeliver(event: StripeEvent, count: number): Promise<number[]> {
    return Promise.all(Array.from({ length: count }, () => this.deliverOnce(event, 0)));
  }

  /** Resolves once no delivery is under way or waiting for a retry. */
  async settled(): Promise<void> {
    while (this.inFlight.size > 0 || this.timers.size > 0) {
      await Promise.allSettled([...this.inFlight]);
      if (this.timers.size > 0) await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  close(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    this.abort.abort();
  }

  private track(work: Promise<unknown>): void {
    this.inFlight.add(work);
    void work.finally(() => this.inFlight.delete(work));
  }

  private async deliverWithRetries(event: StripeEvent, attempt: number): Promise<void> {
    const status = await this.deliverOnce(event, attempt);
    const delay = this.options.retryDelaysMs[attempt];
    if ((status >= 200 && status < 300) || delay === undefined || this.abort.signal.aborted) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.track(this.deliverWithRetries(event, attempt + 1));
    }, delay);
    this.timers.add(timer);
  }

  private async deliverOnce(event: StripeEvent, attempt: number): Promise<number> {
    if (this.url === null) return 0;
    const payload = JSON.stringify(event, null, 2);
    const mode = this.options.mode();
    const nowSeconds = Math.floor(this.options.now() / 1000);
    const signature = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: mode === 'bad-signature' ? `${this.options.secret}_wrong` : this.options.secret,
      timestamp: mode === 'stale-timestamp' ? nowSeconds - STALE_BY_SECONDS : nowSeconds,
    });
    let status = 0;
    try {
      const response = await fetch(this.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'stripe-signature': signature,
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
        },
        body: payload,
        redirect: 'manual',
        signal: AbortSignal.any([this.abort.signal, AbortSignal.timeout(DELIVERY_TIMEOUT_MS)]),
      });
      await response.arrayBuffer();
      status = response.status;
    } catch {
      // Unreachable, timed out or closed: a failed attempt, retried like a non-2xx answer.
    }
    this.log.push({ eventId: event.id, type: event.type, attempt, status, at: this.options.now() });
    return status;
  }
}

import { ipnSignature } from './signature.js';

export interface IpnDelivery {
  paymentId: number;
  status: string;
  url: string;
  body: Record<string, unknown>;
  signature: string;
  /** HTTP status of each attempt, or 0 when the endpoint could not be reached. */
  attempts: number[];
  delivered: boolean;
}

export interface IpnSenderOptions {
  secret: string;
  /** Waits before each retry of a delivery answered with a non-2xx status; when they run out, it is dropped. */
  retryDelaysMs: readonly number[];
  /** A test control: sign with the wrong key. */
  badSignature: () => boolean;
}

/**
 * Posts IPN callbacks as NOWPayments does: JSON, signed in `x-nowpayments-sig`, retried on any non-2xx.
 * Deliveries of one payment go out one after the other, so its callbacks arrive in the order of its
 * status changes.
 */
export class IpnSender {
  readonly log: IpnDelivery[] = [];
  private readonly queues = new Map<number, Promise<void>>();
  private readonly waits = new Map<NodeJS.Timeout, () => void>();
  private closed = false;

  constructor(private readonly options: IpnSenderOptions) {}

  send(paymentId: number, url: string, body: Record<string, unknown>): void {
    const secret = this.options.badSignature() ? `${this.options.secret}-forged` : this.options.secret;
    const delivery: IpnDelivery = {
      paymentId,
      status: String(body.payment_status),
      url,
      body,
      signature: ipnSignature(body, secret),
      attempts: [],
      delivered: false,
    };
    this.log.push(delivery);
    this.enqueue(delivery);
  }

  /** Sends a delivery again, byte for byte: what a captured and replayed callback looks like. */
  redeliver(delivery: IpnDelivery): IpnDelivery {
    const copy: IpnDelivery = { ...delivery, attempts: [], delivered: false };
    this.log.push(copy);
    this.enqueue(copy);
    return copy;
  }

  lastOf(paymentId: number): IpnDelivery | undefined {
    return this.log.findLast((delivery) => delivery.paymentId === paymentId);
  }

  /** Resolves once every delivery queued so far has been delivered or dropped. */
  async idle(): Promise<void> {
    await Promise.all(this.queues.values());
  }

  close(): void {
    this.closed = true;
    for (const [timer, resolve] of this.waits) {
      clearTimeout(timer);
      resolve();
    }
    this.waits.clear();
  }

  private enqueue(delivery: IpnDelivery): void {
    const previous = this.queues.get(delivery.paymentId) ?? Promise.resolve();
    const next = previous.then(() => this.deliver(delivery));
    this.queues.set(delivery.paymentId, next);
    // A payment whose callbacks are all out leaves no queue behind.
    void next.then(() => {
      if (this.queues.get(delivery.paymentId) === next) this.queues.delete(delivery.paymentId);
    });
  }

  private async deliver(delivery: IpnDelivery): Promise<void> {
    for (let attempt = 0; !this.closed; attempt += 1) {
      const status = await this.post(delivery);
      delivery.attempts.push(status);
      if (status >= 200 && status < 300) {
        delivery.delivered = true;
        return;
      }
      const delay = this.options.retryDelaysMs[attempt];
      if (delay === undefined) return;
      await this.wait(delay);
    }
  }

  private async post(delivery: IpnDelivery): Promise<number> {
    try {
      const response = await fetch(delivery.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-nowpayments-sig': delivery.signature },
        body: JSON.stringify(delivery.body),
        signal: AbortSignal.timeout(10_000),
      });
      await response.arrayBuffer();
      return response.status;
    } catch {
      return 0;
    }
  }

  private wait(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waits.delete(timer);
        resolve();
      }, ms);
      this.waits.set(timer, resolve);
    });
  }
}

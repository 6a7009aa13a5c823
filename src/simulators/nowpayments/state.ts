import { randomBytes } from 'node:crypto';
import { IpnSender } from './ipn.js';
import { estimate, usdPerUnit } from './prices.js';
import { ipnBody, type PaymentStatus, type SimulatedInvoice, type SimulatedPayment } from './types.js';

export interface NowPaymentsStateOptions {
  apiKey: string;
  ipnSecret: string;
  /** Time between the statuses a payment walks through after the buyer pays (default 1.5 s). */
  stepMs?: number;
  /** Waits before retrying an IPN answered with a non-2xx status (default 1 s, 5 s, 30 s, 2 min). */
  ipnRetryDelaysMs?: readonly number[];
}

export interface NewInvoice {
  priceAmount: number;
  priceCurrency: string;
  payCurrency: string | null;
  orderId: string | null;
  orderDescription: string | null;
  ipnCallbackUrl: string | null;
  successUrl: string | null;
  cancelUrl: string | null;
  isFixedRate: boolean;
  isFeePaidByUser: boolean;
}

export type NewPayment = Pick<
  NewInvoice,
  'priceAmount' | 'priceCurrency' | 'orderId' | 'orderDescription' | 'ipnCallbackUrl'
> & { payCurrency: string; invoiceId: number | null };

/** Statuses a fully paid payment walks through after `waiting`, one step apart. */
const FULL_PAYMENT_WALK: readonly PaymentStatus[] = ['confirming', 'confirmed', 'sending', 'finished'];
const PARTIAL_PAYMENT_WALK: readonly PaymentStatus[] = ['confirming', 'partially_paid'];

/** Invoices and payments in memory, ids counted from fixed starts so runs are repeatable. */
export class NowPaymentsState {
  readonly apiKey: string;
  readonly invoices = new Map<string, SimulatedInvoice>();
  readonly payments = new Map<number, SimulatedPayment>();
  readonly ipn: IpnSender;
  /** A test control: IPNs are signed with the wrong key. */
  badSignature = false;
  /** `METHOD path` of every API call, so tests can tell whether the product asked. */
  readonly apiCalls: string[] = [];
  private readonly stepMs: number;
  private readonly walks = new Set<NodeJS.Timeout>();
  private nextInvoiceId = 5_612_340_001;
  private nextPaymentId = 5_745_459_001;

  constructor(options: NowPaymentsStateOptions) {
    this.apiKey = options.apiKey;
    this.stepMs = options.stepMs ?? 1_500;
    this.ipn = new IpnSender({
      secret: options.ipnSecret,
      retryDelaysMs: options.ipnRetryDelaysMs ?? [1_000, 5_000, 30_000, 120_000],
      badSignature: () => this.badSignature,
    });
  }

  createInvoice(input: NewInvoice): SimulatedInvoice {
    const now = new Date().toISOString();
    const id = String(this.nextInvoiceId++);
    const invoice: SimulatedInvoice = {
      ...input,
      id,
      tokenId: String(Number(id) + 100_000_000),
      createdAt: now,
      updatedAt: now,
      paymentId: null,
    };
    this.invoices.set(id, invoice);
    return invoice;
  }

  /** A new payment in `waiting`, priced at the simulator's rate; announced by IPN when it has a callback URL. */
  createPayment(input: NewPayment): SimulatedPayment {
    const now = new Date().toISOString();
    const payAmount = estimate(input.priceAmount, input.priceCurrency, input.payCurrency) ?? 0;
    const payment: SimulatedPayment = {
      ...input,
      paymentId: this.nextPaymentId++,
      parentPaymentId: null,
      status: 'waiting',
      payAddress: `sim${randomBytes(16).toString('hex')}`,
      payAmount,
      actuallyPaid: 0,
      purchaseId: String(this.nextPaymentId + 90_000_000),
      createdAt: now,
      updatedAt: now,
      apiStatus: null,
    };
    this.payments.set(payment.paymentId, payment);
    this.announce(payment);
    return payment;
  }

  /** The buyer picked a coin on the invoice page: the invoice's payment, created once. */
  paymentForInvoice(invoice: SimulatedInvoice, payCurrency: string): SimulatedPayment {
    const existing = invoice.paymentId === null ? undefined : this.payments.get(invoice.paymentId);
    if (existing !== undefined) return existing;
    const payment = this.createPayment({
      priceAmount: invoice.priceAmount,
      priceCurrency: invoice.priceCurrency,
      payCurrency,
      orderId: invoice.orderId,
      orderDescription: invoice.orderDescription,
      ipnCallbackUrl: invoice.ipnCallbackUrl,
      invoiceId: Number(invoice.id),
    });
    invoice.paymentId = payment.paymentId;
    invoice.updatedAt = payment.createdAt;
    return payment;
  }

  /** Moves a payment to a status and sends the IPN of the change. */
  setStatus(payment: SimulatedPayment, status: PaymentStatus, actuallyPaid?: number): void {
    payment.status = status;
    if (actuallyPaid !== undefined) payment.actuallyPaid = actuallyPaid;
    payment.updatedAt = new Date().toISOString();
    this.announce(payment);
  }

  /** The buyer sent the whole amount: confirming → confirmed → sending → finished, one step apart. */
  payInFull(payment: SimulatedPayment): void {
    this.walk(payment, FULL_PAYMENT_WALK, payment.payAmount);
  }

  /** The buyer sent half: confirming → partially_paid. */
  payPartially(payment: SimulatedPayment): void {
    this.walk(payment, PARTIAL_PAYMENT_WALK, Math.round((payment.payAmount / 2) * 1e8) / 1e8);
  }

  close(): void {
    for (const timer of this.walks) clearTimeout(timer);
    this.walks.clear();
    this.ipn.close();
  }

  private walk(payment: SimulatedPayment, statuses: readonly PaymentStatus[], actuallyPaid: number): void {
    statuses.forEach((status, index) => {
      const timer = setTimeout(() => {
        this.walks.delete(timer);
        this.setStatus(payment, status, actuallyPaid);
      }, this.stepMs * index);
      this.walks.add(timer);
    });
  }

  private announce(payment: SimulatedPayment): void {
    if (payment.ipnCallbackUrl === null) return;
    this.ipn.send(payment.paymentId, payment.ipnCallbackUrl, ipnBody(payment, usdPerUnit(payment.payCurrency) ?? 0));
  }
}

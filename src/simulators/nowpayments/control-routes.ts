import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { NowPaymentsState } from './state.js';
import { isPaymentStatus, paymentBody, type SimulatedPayment } from './types.js';

function fieldsOf(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
}

/**
 * Test controls under `/__sim` (not part of NOWPayments): force a status, replay a callback, sign with the
 * wrong key, make the API report something other than what the IPN said, and read what was delivered.
 */
export function registerControlRoutes(instance: FastifyInstance, state: NowPaymentsState): void {
  const paymentOf = (request: FastifyRequest, reply: FastifyReply): SimulatedPayment | undefined => {
    const { id } = request.params as { id: string };
    const payment = state.payments.get(Number(id));
    if (payment === undefined) void reply.code(404).send({ message: `No payment ${id}` });
    return payment;
  };

  instance.get('/__sim/invoices/:id', async (request, reply) => {
    const { id } = request.params as { id: string };
    const invoice = state.invoices.get(id);
    return invoice === undefined ? reply.code(404).send({ message: `No invoice ${id}` }) : invoice;
  });

  /** `{status, actually_paid?}`: moves the payment there and sends the IPN of the change. */
  instance.post('/__sim/payments/:id/status', async (request, reply) => {
    const payment = paymentOf(request, reply);
    if (payment === undefined) return reply;
    const body = fieldsOf(request.body);
    if (!isPaymentStatus(body.status)) return reply.code(400).send({ message: 'status must be a payment status' });
    const paid = typeof body.actually_paid === 'number' ? body.actually_paid : undefined;
    state.setStatus(payment, body.status, paid);
    return paymentBody(payment);
  });

  /** `{status}` or `{status: null}`: what GET /v1/payment/:id answers, whatever the IPNs say. */
  instance.post('/__sim/payments/:id/api-status', async (request, reply) => {
    const payment = paymentOf(request, reply);
    if (payment === undefined) return reply;
    const { status } = fieldsOf(request.body);
    if (status !== null && !isPaymentStatus(status)) {
      return reply.code(400).send({ message: 'status must be a payment status or null' });
    }
    payment.apiStatus = status;
    return paymentBody(payment, payment.apiStatus ?? payment.status);
  });

  /** Sends the payment's last callback again, unchanged: a replay. */
  instance.post('/__sim/payments/:id/redeliver', async (request, reply) => {
    const payment = paymentOf(request, reply);
    if (payment === undefined) return reply;
    const last = state.ipn.lastOf(payment.paymentId);
    if (last === undefined) return reply.code(409).send({ message: 'No callback was sent for this payment' });
    return { redelivered: state.ipn.redeliver(last).status };
  });

  /** `{enabled}`: sign callbacks with the wrong key from now on. */
  instance.post('/__sim/ipn/bad-signature', async (request) => {
    state.badSignature = fieldsOf(request.body).enabled === true;
    return { badSignature: state.badSignature };
  });

  /** Every callback so far, each with the HTTP status of its attempts; waits for queued ones first. */
  instance.get('/__sim/ipn/deliveries', async () => {
    await state.ipn.idle();
    return state.ipn.log;
  });
}

import type { FastifyReply } from 'fastify';
import { stripeId } from './objects.js';

/** Stripe's error envelope (`{"error": {type, code?, param?, message, doc_url?}}`) and the statuses it uses. */

export type StripeErrorType = 'api_error' | 'card_error' | 'idempotency_error' | 'invalid_request_error';

export interface StripeErrorBody {
  type: StripeErrorType;
  message: string;
  code?: string;
  param?: string;
}

export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: StripeErrorBody,
  ) {
    super(body.message);
  }
}

export function sendStripeError(reply: FastifyReply, status: number, body: StripeErrorBody): FastifyReply {
  const error = {
    ...(body.code === undefined
      ? {}
      : { code: body.code, doc_url: `https://stripe.com/docs/error-codes/${body.code.replaceAll('_', '-')}` }),
    message: body.message,
    ...(body.param === undefined ? {} : { param: body.param }),
    request_log_url: `https://dashboard.stripe.com/test/logs/${stripeId('req_', 14)}`,
    type: body.type,
  };
  return reply.code(status).type('application/json').send({ error });
}

export const missingParam = (param: string) =>
  new StripeApiError(400, {
    type: 'invalid_request_error',
    code: 'parameter_missing',
    param,
    message: `Missing required param: ${param}.`,
  });

export const invalidParam = (param: string, message: string, code = 'parameter_invalid') =>
  new StripeApiError(400, { type: 'invalid_request_error', code, param, message });

export const resourceMissing = (kind: string, id: string) =>
  new StripeApiError(404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    param: 'id',
    message: `No such ${kind}: '${id}'`,
  });

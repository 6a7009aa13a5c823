import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyBaseLogger, FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { type ApiErrorBody, type ErrorCode, genericCodeOfStatus } from '../../shared/contracts/errors.js';
import { AppError } from '../errors.js';

export function errorBody(code: ErrorCode, message: string): ApiErrorBody {
  return { error: { code, message } };
}

/** The one place where errors become HTTP answers: `{ error: { code, message } }`, internals of 5xx hidden. */
export function sendError(
  error: FastifyError | AppError | Error,
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  if (error instanceof AppError) {
    return reply.status(error.statusCode).send(errorBody(error.code, error.message));
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const details = error.validation
      .map(
        (issue) =>
          `${issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || error.validationContext}: ${issue.message}`,
      )
      .join('; ');
    return reply
      .status(400)
      .send(errorBody('BAD_REQUEST', `Invalid ${error.validationContext ?? 'request'}: ${details}`));
  }
  const status = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
  if (status >= 400 && status < 500) {
    return reply.status(status).send(errorBody(genericCodeOfStatus(status) ?? 'BAD_REQUEST', error.message));
  }
  request.log.error({ err: error }, 'request failed');
  return reply.status(500).send(errorBody('INTERNAL', 'Something went wrong on our side. Please try again.'));
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler(sendError);
}

/**
 * Errors Node's HTTP parser raises before Fastify sees a request (oversized headers, malformed request
 * lines): answered on the raw socket, still in the API's envelope. Fastify's `clientErrorHandler`.
 */
export function answerClientError(log: FastifyBaseLogger, error: Error & { code?: string }, socket: Socket): void {
  // A reset connection is already gone; there is no one to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, code, message]: [number, ErrorCode, string] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'HEADERS_TOO_LARGE', 'The request headers are too large.']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'BAD_REQUEST', 'The request took too long to arrive.']
        : [400, 'BAD_REQUEST', 'The request is not valid HTTP.'];
  log.debug({ err: error }, 'client error');
  if (socket.writable) {
    const body = JSON.stringify(errorBody(code, message));
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

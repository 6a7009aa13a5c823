import { describe, expect, it } from 'vitest';
import { ApiError, formatErrorText, failureMessage, isUnauthorizedError } from './api-errors';

const body = JSON.stringify({ error: { code: 'COUPON_EXPIRED', message: 'This coupon has expired' } });

describe('formatErrorText', () => {
  it('is the status, a colon and the body', () => {
    expect(formatErrorText(400, 'bad input', 'Bad Request')).toBe('400: bad input');
  });

  it('falls back to the status text when the body is empty', () => {
    expect(formatErrorText(502, '', 'Bad Gateway')).toBe('502: Bad Gateway');
  });
});

describe('ApiError', () => {
  it('carries the formatted text as its message', () => {
    const error = new ApiError(409, body, 'Conflict');
    expect(error.message).toBe(`409: ${body}`);
    expect(error.status).toBe(409);
  });

  it('exposes the server message and code of a JSON error body', () => {
    const error = new ApiError(409, body, 'Conflict');
    expect(error.serverMessage).toBe('This coupon has expired');
    expect(error.code).toBe('COUPON_EXPIRED');
  });

  it('has no server message or code for a non-JSON body or an unknown code', () => {
    const html = new ApiError(500, '<html>', 'Internal Server Error');
    expect(html.serverMessage).toBeNull();
    expect(html.code).toBeNull();
    const unknownCode = new ApiError(400, JSON.stringify({ error: { code: 'NOPE', message: 'x' } }), 'Bad Request');
    expect(unknownCode.code).toBeNull();
  });
});

describe('isUnauthorizedError', () => {
  it('recognises a 401 ApiError', () => {
    expect(isUnauthorizedError(new ApiError(401, '', 'Unauthorized'))).toBe(true);
    expect(isUnauthorizedError(new ApiError(403, '', 'Forbidden'))).toBe(false);
  });

  it('recognises any error whose text contains 401', () => {
    expect(isUnauthorizedError(new Error('401: Unauthorized'))).toBe(true);
    expect(isUnauthorizedError(new Error('500: boom'))).toBe(false);
    expect(isUnauthorizedError('401')).toBe(false);
  });
});

describe('failureMessage', () => {
  it("shows the server's own message, else the error's text", () => {
    const envelope = JSON.stringify({ error: { code: 'CONFLICT', message: 'The certificate is not pending.' } });
    expect(failureMessage(new ApiError(409, envelope, 'Conflict'))).toBe('The certificate is not pending.');
    expect(failureMessage(new ApiError(502, '', 'Bad Gateway'))).toBe('502: Bad Gateway');
    expect(failureMessage(new Error('Failed to fetch'))).toBe('Failed to fetch');
  });
});

import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-errors';
import {
  checkUpdateErrorDescription,
  START_AUDIT_FALLBACK,
  startAuditErrorDescription,
  UPDATE_CHECK_FALLBACK,
} from './audit-errors';

const body = (code: string, message: string) => JSON.stringify({ error: { code, message } });

describe('startAuditErrorDescription', () => {
  it("uses the server's message", () => {
    const error = new ApiError(409, body('CONFLICT', 'An audit is already running for this server.'), 'Conflict');
    expect(startAuditErrorDescription(error)).toBe('An audit is already running for this server.');
  });

  it("prefixes 'Access Denied - ' when access was refused", () => {
    const error = new ApiError(403, body('FORBIDDEN', 'You have used all the audits of your plan.'), 'Forbidden');
    expect(startAuditErrorDescription(error)).toBe('Access Denied - You have used all the audits of your plan.');
    const worded = new ApiError(400, body('BAD_REQUEST', 'Access denied for this server'), 'Bad Request');
    expect(startAuditErrorDescription(worded)).toBe('Access Denied - Access denied for this server');
  });

  it('uses a non-JSON access-denied body as it is', () => {
    expect(startAuditErrorDescription(new ApiError(403, 'Access denied', 'Forbidden'))).toBe(
      'Access Denied - Access denied',
    );
  });

  it('falls back to the error text, then to the generic line', () => {
    expect(startAuditErrorDescription(new ApiError(502, '', 'Bad Gateway'))).toBe('502: Bad Gateway');
    expect(startAuditErrorDescription(new Error('Failed to fetch'))).toBe('Failed to fetch');
    expect(startAuditErrorDescription(new Error(''))).toBe(START_AUDIT_FALLBACK);
    expect(startAuditErrorDescription('nope')).toBe(START_AUDIT_FALLBACK);
  });
});

describe('checkUpdateErrorDescription', () => {
  it("uses the server's message or the given default", () => {
    const error = new ApiError(403, body('FORBIDDEN', 'Only Rampart staff can override checks.'), 'Forbidden');
    expect(checkUpdateErrorDescription(error, UPDATE_CHECK_FALLBACK)).toBe('Only Rampart staff can override checks.');
    expect(checkUpdateErrorDescription(new Error('500: boom'), UPDATE_CHECK_FALLBACK)).toBe(UPDATE_CHECK_FALLBACK);
  });
});

import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from './endpoints.js';
import { pathOf } from './endpoint.js';
import { ERROR_STATUS, genericCodeOfStatus, statusOfErrorCode } from './errors.js';

describe('endpoint declarations', () => {
  it('give every endpoint its own name and its own method and path', () => {
    const names = ENDPOINTS.map((declared) => declared.name);
    const routes = ENDPOINTS.map((declared) => `${declared.method} ${declared.path}`);
    expect(new Set(names).size).toBe(names.length);
    expect(new Set(routes).size).toBe(routes.length);
  });

  it('declare 401 for every signed-in endpoint and 403 for every staff endpoint', () => {
    for (const declared of ENDPOINTS) {
      const errors: readonly string[] = declared.errors;
      if (declared.access !== 'public') expect(errors, declared.name).toContain('UNAUTHORIZED');
      if (declared.access === 'admin') expect(errors, declared.name).toContain('FORBIDDEN');
    }
  });

  it('declare a 400 wherever a caller sends input', () => {
    for (const declared of ENDPOINTS) {
      const takesInput = 'params' in declared || 'query' in declared || 'body' in declared;
      const errors: readonly string[] = declared.errors;
      if (takesInput) expect(errors, declared.name).toContain('BAD_REQUEST');
    }
  });

  it('put every staff endpoint under /api/admin and nothing else there', () => {
    for (const declared of ENDPOINTS) {
      expect(declared.path.startsWith('/api/admin/'), declared.name).toBe(declared.access === 'admin');
    }
  });
});

describe('pathOf', () => {
  it('fills and encodes each parameter', () => {
    expect(pathOf('/api/audits/:id/download-report', { id: 'a/b c' })).toBe('/api/audits/a%2Fb%20c/download-report');
  });

  it('refuses a missing parameter rather than calling a wrong path', () => {
    expect(() => pathOf('/api/audits/:id', {})).toThrow('Missing path parameter id');
  });
});

describe('error codes', () => {
  it('travel with one status each', () => {
    expect(statusOfErrorCode('COUPON_EXPIRED')).toBe(410);
    expect(statusOfErrorCode('UNAUTHORIZED')).toBe(401);
  });

  it('map a framework status to its generic code, never to a domain code of the same status', () => {
    expect(ERROR_STATUS.COUPON_NOT_FOUND).toBe(404);
    expect(genericCodeOfStatus(404)).toBe('NOT_FOUND');
    expect(genericCodeOfStatus(409)).toBe('CONFLICT');
    expect(genericCodeOfStatus(418)).toBeUndefined();
  });
});

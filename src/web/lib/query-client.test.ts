import { describe, expect, it } from 'vitest';
import { ApiError } from './api-errors';
import { createQueryClient, shouldRetryMutation, shouldRetryQuery, STALE_TIME_MS } from './query-client';

const unauthorized = new ApiError(401, '', 'Unauthorized');
const serverError = new ApiError(500, '', 'Internal Server Error');

describe('retry rules', () => {
  it('retries queries up to twice, never on 401', () => {
    expect(shouldRetryQuery(0, serverError)).toBe(true);
    expect(shouldRetryQuery(1, serverError)).toBe(true);
    expect(shouldRetryQuery(2, serverError)).toBe(false);
    expect(shouldRetryQuery(0, unauthorized)).toBe(false);
    expect(shouldRetryQuery(0, new Error('401: session expired'))).toBe(false);
  });

  it('retries mutations once, never on 401', () => {
    expect(shouldRetryMutation(0, serverError)).toBe(true);
    expect(shouldRetryMutation(1, serverError)).toBe(false);
    expect(shouldRetryMutation(0, unauthorized)).toBe(false);
  });
});

describe('createQueryClient', () => {
  it('keeps data fresh for 10 minutes and does not refetch on focus', () => {
    const defaults = createQueryClient(() => undefined).getDefaultOptions().queries;
    expect(defaults?.staleTime).toBe(STALE_TIME_MS);
    expect(STALE_TIME_MS).toBe(600_000);
    expect(defaults?.refetchOnWindowFocus).toBe(false);
  });

  it('reports 401s from queries to the handler', async () => {
    let calls = 0;
    const client = createQueryClient(() => {
      calls += 1;
    });
    await client
      .fetchQuery({
        queryKey: ['x'],
        queryFn: () => Promise.reject(unauthorized),
        retry: false,
      })
      .catch(() => undefined);
    await client
      .fetchQuery({ queryKey: ['y'], queryFn: () => Promise.reject(serverError), retry: false })
      .catch(() => undefined);
    expect(calls).toBe(1);
  });
});

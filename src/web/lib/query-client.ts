import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isUnauthorizedError } from './api-errors';

export const STALE_TIME_MS = 10 * 60 * 1000;
const MAX_QUERY_RETRIES = 2;
const MAX_MUTATION_RETRIES = 1;

export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  return !isUnauthorizedError(error) && failureCount < MAX_QUERY_RETRIES;
}

export function shouldRetryMutation(failureCount: number, error: unknown): boolean {
  return !isUnauthorizedError(error) && failureCount < MAX_MUTATION_RETRIES;
}

/** `onUnauthorized` runs for every 401 that reaches a query or mutation, after the popup gave up. */
export function createQueryClient(onUnauthorized: (client: QueryClient) => void): QueryClient {
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error) => {
        if (isUnauthorizedError(error)) onUnauthorized(client);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error) => {
        if (isUnauthorizedError(error)) onUnauthorized(client);
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: STALE_TIME_MS,
        refetchOnWindowFocus: false,
        retry: shouldRetryQuery,
      },
      mutations: { retry: shouldRetryMutation },
    },
  });
  return client;
}

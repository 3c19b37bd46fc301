import { isServer, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api.ts';

/**
 * api.ts already retries reads that failed for a transient reason (network, 408, 429, 5xx) with
 * backoff. One more round after that covers a short outage; a 4xx is an answer, and asking again
 * would only repeat it (and a 403 authentication_required has already logged the member out).
 */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (failureCount >= 1) return false;
  if (!(error instanceof ApiError)) return false;
  return error.status === 0 || error.status === 408 || error.status === 429 || error.status >= 500;
}

function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Member data changes through the member's own mutations (which update the cache) or
        // real-time events (which will write to it); a navigation need not read it again at once.
        staleTime: 30_000,
        retry: shouldRetryQuery,
      },
      mutations: { retry: false },
    },
  });
}

let browserQueryClient: QueryClient | undefined;

/**
 * One client per request on the server (no member's data may leak into another's page) and
 * one for the whole page life in the browser, shared by the member layout and the session
 * refresher, so both read the same cache.
 */
export function getQueryClient(): QueryClient {
  if (isServer) return createQueryClient();
  browserQueryClient ??= createQueryClient();
  return browserQueryClient;
}

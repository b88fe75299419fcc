import { MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";
import { isApiError } from "@tessera/shared/client";

/** Spec §9: the query cache keeps data 5 minutes. */
export const CACHE_TIME_MS = 5 * 60_000;
/** Spec §9: up to 3 retries. */
export const MAX_RETRIES = 3;

/**
 * Only what may pass on a second try is retried: no answer (network), a server error or "too many
 * requests". A 4xx says the request itself is refused; asking again changes nothing.
 */
export function isWorthRetrying(error: unknown): boolean {
  if (!isApiError(error)) return true;
  return error.status === 0 || error.status === 429 || error.status >= 500;
}

export interface QueryClientOptions {
  /** Any call answered 401: the session has ended (the one place that decides it). */
  onUnauthenticated(): void;
}

/**
 * The server-state layer's cache, with spec §9's behaviour: data kept 5 minutes, up to 3 retries of a
 * read, no default timeout (the client sets none). An answer never overwrites a newer one: each query's
 * data belongs to its key, and a later fetch of the same key wins over an earlier one still in flight.
 */
export function createQueryClient(options: QueryClientOptions): QueryClient {
  const noticeUnauthenticated = (error: unknown) => {
    if (isApiError(error) && error.status === 401) options.onUnauthenticated();
  };
  return new QueryClient({
    queryCache: new QueryCache({ onError: noticeUnauthenticated }),
    mutationCache: new MutationCache({ onError: noticeUnauthenticated }),
    defaultOptions: {
      queries: {
        gcTime: CACHE_TIME_MS,
        retry: (failureCount, error) => failureCount < MAX_RETRIES && isWorthRetrying(error),
      },
      mutations: { retry: false },
    },
  });
}

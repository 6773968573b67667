import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { ApiRequestError } from './api-client';

// A network failure is status 0 (api-client): only a real 4xx answer is worth not retrying.
const isClientError = (error: unknown) => error instanceof ApiRequestError && error.status >= 400 && error.status < 500;

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      // Conference Wi-Fi drops requests: retry transient failures (dropped connections, 5xx), never a 4xx.
      retry: (failureCount, error) => !isClientError(error) && failureCount < 3,
      refetchOnWindowFocus: true,
    },
    mutations: { retry: false },
  },
});

/**
 * Wraps a page that uses TanStack Query (every page but the landing, privacy and 404 pages) in the provider. Per
 * page, not around the app: the landing page, the first load of every walk-up, ships without TanStack Query
 * (docs/decisions/020). One client for all pages, so the cache survives moving between them.
 */
export function withQueryClient<Props extends object>(Page: ComponentType<Props>) {
  function WithQueryClient(props: Props) {
    return (
      <QueryClientProvider client={queryClient}>
        <Page {...props} />
      </QueryClientProvider>
    );
  }
  return WithQueryClient;
}

import { QueryClient } from '@tanstack/react-query';
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

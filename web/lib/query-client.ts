import { QueryClient } from '@tanstack/react-query';
import { ApiRequestError } from './api-client';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      // Conference Wi-Fi drops requests: retry transient failures, never a 4xx.
      retry: (failureCount, error) => !(error instanceof ApiRequestError && error.status < 500) && failureCount < 3,
      refetchOnWindowFocus: true,
    },
    mutations: { retry: false },
  },
});

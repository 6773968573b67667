import { useQuery } from '@tanstack/react-query';
import type { PoolHealth } from '@contracts/admin-challenges';
import { api } from '@web/lib/api-client';
import { challengesKeys } from './challenges-query-keys';
import { apiPaths } from '@contracts/api-paths';

/** Unused count and how long the pool lasts at the last hour's rate; refreshed once a minute while the page is open. */
export const usePoolHealth = () =>
  useQuery({
    queryKey: challengesKeys.health(),
    queryFn: ({ signal }) => api<PoolHealth>(apiPaths.adminPoolHealth, { signal }),
    refetchInterval: 60_000,
  });

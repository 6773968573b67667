import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminOverview } from '@contracts/admin-overview';
import { api } from '@web/lib/api-client';

export const getPoolCounts = () => api<AdminOverview>('/api/admin/overview').then((overview) => overview.challenges);

export const poolCountQueryOptions = () => queryOptions({ queryKey: ['admin', 'challenges', 'pool-count'], queryFn: getPoolCounts });

/** The challenge pool's counts (total, unused, disabled, available), read from the overview API. */
export const usePoolCount = () => useQuery(poolCountQueryOptions());

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminOverview } from '@contracts/admin-overview';
import { api } from '@web/lib/api-client';
import { apiPaths } from '@contracts/api-paths';

export const overviewKeys = { overview: () => ['admin', 'overview'] as const };

export const getOverview = () => api<AdminOverview>(apiPaths.adminOverview);

/**
 * The overview's first paint. After that the organizer stream (useOverviewStream) writes every new overview into
 * this query's cache, so nothing here refetches on a timer or on focus: no polling storms.
 */
export const overviewQueryOptions = () =>
  queryOptions({ queryKey: overviewKeys.overview(), queryFn: getOverview, staleTime: Infinity, refetchOnWindowFocus: false });

export const useOverview = () => useQuery(overviewQueryOptions());

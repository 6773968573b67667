import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ArchiveResponse } from '@contracts/admin-leaderboard';
import { api } from '@web/lib/api-client';
import { eventKeys } from './event-query-keys';
import { apiPaths, withParams } from '@contracts/api-paths';

export const getArchive = (id: number) => api<ArchiveResponse>(withParams(apiPaths.adminArchive, { id }));

export const archiveQueryOptions = (id: number) =>
  queryOptions({ queryKey: eventKeys.archive(id), queryFn: () => getArchive(id), staleTime: Infinity });

/** One archived board with its entries (archives never change). */
export const useArchive = (id: number) => useQuery(archiveQueryOptions(id));

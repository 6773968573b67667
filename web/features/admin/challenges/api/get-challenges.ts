import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminChallengesQuery, AdminChallengesResponse } from '@contracts/admin-challenges';
import { api } from '@web/lib/api-client';
import { challengesKeys } from './challenges-query-keys';
import { apiPaths, withQuery } from '@contracts/api-paths';

export const getChallenges = (query: AdminChallengesQuery, signal?: AbortSignal) => {
  const params = new URLSearchParams({ limit: String(query.limit), offset: String(query.offset) });
  if (query.state) params.set('state', query.state);
  return api<AdminChallengesResponse>(withQuery(apiPaths.adminChallenges, params), { signal });
};

/** One page of the pool, filtered by state on the server; the previous page stays on screen while the next loads. */
export const useChallenges = (query: AdminChallengesQuery) =>
  useQuery(
    queryOptions({
      queryKey: challengesKeys.list(query),
      queryFn: ({ signal }) => getChallenges(query, signal),
      placeholderData: keepPreviousData,
    }),
  );

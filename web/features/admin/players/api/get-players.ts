import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminPlayersQuery, AdminPlayersResponse } from '@contracts/admin-players';
import { api } from '@web/lib/api-client';
import { playersKeys } from './players-query-keys';
import { apiPaths, withQuery } from '@contracts/api-paths';

export const getPlayers = (query: AdminPlayersQuery, signal?: AbortSignal) => {
  const params = new URLSearchParams({ sort: query.sort, dir: query.dir, page: String(query.page), pageSize: String(query.pageSize) });
  if (query.q) params.set('q', query.q);
  return api<AdminPlayersResponse>(withQuery(apiPaths.adminPlayers, params), { signal });
};

export const playersQueryOptions = (query: AdminPlayersQuery) =>
  queryOptions({
    queryKey: playersKeys.list(query),
    queryFn: ({ signal }) => getPlayers(query, signal),
    placeholderData: keepPreviousData,
  });

/** One page of players, searched and sorted on the server; the previous page stays on screen while the next loads. */
export const usePlayers = (query: AdminPlayersQuery) => useQuery(playersQueryOptions(query));

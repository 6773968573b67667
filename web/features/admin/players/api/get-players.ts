import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';
import { playersKeys } from './players-query-keys';

// TEMP until contracts/admin-players.ts lands.
export type AdminPlayerSort = 'displayName' | 'email' | 'phone' | 'score' | 'rank' | 'gamesPlayed' | 'signedUpAt' | 'lastSeenAt';
export interface AdminPlayersQuery {
  q?: string;
  sort: AdminPlayerSort;
  dir: 'asc' | 'desc';
  page: number;
  pageSize: number;
}
export interface AdminPlayer {
  id: string;
  displayName: string | null;
  email: string;
  phone: string | null;
  score: number | null;
  rank: number | null;
  gamesPlayed: number;
  signedUpAt: string;
  lastSeenAt: string | null;
  hidden: boolean;
}
export interface AdminPlayersPage {
  players: AdminPlayer[];
  total: number;
  page: number;
  pageSize: number;
}

export const getPlayers = (query: AdminPlayersQuery, signal?: AbortSignal) => {
  const params = new URLSearchParams({ sort: query.sort, dir: query.dir, page: String(query.page), pageSize: String(query.pageSize) });
  if (query.q) params.set('q', query.q);
  return api<AdminPlayersPage>(`/api/admin/players?${params}`, { signal });
};

export const playersQueryOptions = (query: AdminPlayersQuery) =>
  queryOptions({ queryKey: playersKeys.list(query), queryFn: ({ signal }) => getPlayers(query, signal), placeholderData: keepPreviousData });

/** One page of players, searched and sorted on the server; the previous page stays on screen while the next loads. */
export const usePlayers = (query: AdminPlayersQuery) => useQuery(playersQueryOptions(query));

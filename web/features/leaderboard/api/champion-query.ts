import { queryOptions, useQuery } from '@tanstack/react-query';
import { leaderboardKeys } from './leaderboard-query-keys';
import { getChampion } from './get-champion';

// Kept apart from get-champion.ts so the landing page's import of the fetcher brings no TanStack Query (020).
export const championQueryOptions = () => queryOptions({ queryKey: leaderboardKeys.champion(), queryFn: getChampion });

export const useChampion = () => useQuery(championQueryOptions());

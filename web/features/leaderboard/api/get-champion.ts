import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ChampionResponse } from '@contracts/leaderboard';
import { api } from '@web/lib/api-client';
import { leaderboardKeys } from './leaderboard-query-keys';

export const getChampion = async () => (await api<ChampionResponse>('/api/leaderboard/champion')).champion;

export const championQueryOptions = () => queryOptions({ queryKey: leaderboardKeys.champion(), queryFn: getChampion });

export const useChampion = () => useQuery(championQueryOptions());

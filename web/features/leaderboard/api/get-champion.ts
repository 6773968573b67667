import { queryOptions, useQuery } from '@tanstack/react-query';
import { championResponseSchema } from '@contracts/leaderboard';
import { api } from '@web/lib/api-client';
import { leaderboardKeys } from './leaderboard-query-keys';

export const getChampion = async () => (await api('/api/leaderboard/champion', { schema: championResponseSchema })).champion;

export const championQueryOptions = () => queryOptions({ queryKey: leaderboardKeys.champion(), queryFn: getChampion });

export const useChampion = () => useQuery(championQueryOptions());

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BoothInfo } from '@contracts/leaderboard';
import { api } from '@web/lib/api-client';
import { leaderboardKeys } from './leaderboard-query-keys';

export const getBoothInfo = () => api<BoothInfo>('/api/leaderboard/booth-info');

export const useBoothInfo = () =>
  useQuery(queryOptions({ queryKey: leaderboardKeys.boothInfo(), queryFn: getBoothInfo, staleTime: Infinity }));

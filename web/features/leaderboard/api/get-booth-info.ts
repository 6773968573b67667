import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BoothInfo } from '@contracts/leaderboard';
import { api } from '@web/lib/api-client';
import { leaderboardKeys } from './leaderboard-query-keys';
import { apiPaths } from '@contracts/api-paths';

export const getBoothInfo = () => api<BoothInfo>(apiPaths.boothInfo);

export const useBoothInfo = () =>
  useQuery(queryOptions({ queryKey: leaderboardKeys.boothInfo(), queryFn: getBoothInfo, staleTime: Infinity }));

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyRank } from '@contracts/leaderboard';
import { api } from '@web/lib/api-client';
import { leaderboardKeys } from './leaderboard-query-keys';
import { apiPaths } from '@contracts/api-paths';

export const getMyRank = () => api<MyRank>(apiPaths.leaderboardMe);

export const myRankQueryOptions = () => queryOptions({ queryKey: leaderboardKeys.myRank(), queryFn: getMyRank });

export const useMyRank = () => useQuery(myRankQueryOptions());

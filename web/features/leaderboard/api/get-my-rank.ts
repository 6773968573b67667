import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyRank } from '@contracts/leaderboard';
import { api } from '@web/lib/api-client';
import { leaderboardKeys } from './leaderboard-query-keys';

export const getMyRank = () => api<MyRank>('/api/leaderboard/me');

export const myRankQueryOptions = () => queryOptions({ queryKey: leaderboardKeys.myRank(), queryFn: getMyRank });

export const useMyRank = () => useQuery(myRankQueryOptions());

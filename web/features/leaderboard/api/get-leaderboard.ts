import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LeaderboardResponse } from '@contracts/leaderboard';
import { LEADERBOARD_TOP_SIZE } from '@contracts/leaderboard.rules';
import { api } from '@web/lib/api-client';
import { leaderboardKeys } from './leaderboard-query-keys';
import { apiPaths, withQuery } from '@contracts/api-paths';

export const getLeaderboard = (limit: number) => api<LeaderboardResponse>(withQuery(apiPaths.leaderboard, { limit }));

export const leaderboardQueryOptions = (limit = LEADERBOARD_TOP_SIZE) =>
  queryOptions({ queryKey: leaderboardKeys.board(limit), queryFn: () => getLeaderboard(limit) });

export const useLeaderboard = (limit?: number) => useQuery(leaderboardQueryOptions(limit));

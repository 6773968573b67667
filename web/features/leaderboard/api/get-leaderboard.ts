import { queryOptions, useQuery } from '@tanstack/react-query';
import { LEADERBOARD_TOP_SIZE, leaderboardResponseSchema } from '@contracts/leaderboard';
import { api } from '@web/lib/api-client';
import { leaderboardKeys } from './leaderboard-query-keys';

export const getLeaderboard = (limit: number) => api(`/api/leaderboard?limit=${limit}`, { schema: leaderboardResponseSchema });

export const leaderboardQueryOptions = (limit = LEADERBOARD_TOP_SIZE) =>
  queryOptions({ queryKey: leaderboardKeys.board(limit), queryFn: () => getLeaderboard(limit) });

export const useLeaderboard = (limit?: number) => useQuery(leaderboardQueryOptions(limit));

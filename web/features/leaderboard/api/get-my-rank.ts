import { queryOptions, useQuery } from '@tanstack/react-query';
import { myRankSchema } from '@contracts/leaderboard';
import { api } from '@web/lib/api-client';
import { leaderboardKeys } from './leaderboard-query-keys';

export const getMyRank = () => api('/api/leaderboard/me', { schema: myRankSchema });

export const myRankQueryOptions = () => queryOptions({ queryKey: leaderboardKeys.myRank(), queryFn: getMyRank });

export const useMyRank = () => useQuery(myRankQueryOptions());

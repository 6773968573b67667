import { queryOptions, useQuery } from '@tanstack/react-query';
import { boothInfoSchema } from '@contracts/leaderboard';
import { api } from '@web/lib/api-client';
import { leaderboardKeys } from './leaderboard-query-keys';

export const getBoothInfo = () => api('/api/leaderboard/booth-info', { schema: boothInfoSchema });

export const useBoothInfo = () => useQuery(queryOptions({ queryKey: leaderboardKeys.boothInfo(), queryFn: getBoothInfo, staleTime: Infinity }));

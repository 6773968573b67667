import { queryOptions, useQuery } from '@tanstack/react-query';
import { statsSchema } from '@contracts/game';
import { api } from '@web/lib/api-client';
import { gameKeys } from './game-query-keys';

export const getStats = () => api('/api/game/stats', { schema: statsSchema });

export const statsQueryOptions = () => queryOptions({ queryKey: gameKeys.stats(), queryFn: getStats });

export const useStats = () => useQuery(statsQueryOptions());

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Stats } from '@contracts/game';
import { api } from '@web/lib/api-client';
import { gameKeys } from './game-query-keys';

export const getStats = () => api<Stats>('/api/game/stats');

export const statsQueryOptions = () => queryOptions({ queryKey: gameKeys.stats(), queryFn: getStats });

export const useStats = () => useQuery(statsQueryOptions());

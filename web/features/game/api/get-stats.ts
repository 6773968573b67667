import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Stats } from '@contracts/game';
import { api } from '@web/lib/api-client';
import { gameKeys } from './game-query-keys';
import { apiPaths } from '@contracts/api-paths';

export const getStats = () => api<Stats>(apiPaths.gameStats);

export const statsQueryOptions = () => queryOptions({ queryKey: gameKeys.stats(), queryFn: getStats });

export const useStats = () => useQuery(statsQueryOptions());

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AttemptListResponse } from '@contracts/game';
import { api } from '@web/lib/api-client';
import { gameKeys } from './game-query-keys';
import { apiPaths } from '@contracts/api-paths';

/** The player's 5 newest attempts, newest first (finished or not). */
export const getAttempts = () => api<AttemptListResponse>(apiPaths.gameAttempts);

export const attemptsQueryOptions = () => queryOptions({ queryKey: gameKeys.attempts(), queryFn: getAttempts });

export const useAttempts = () => useQuery(attemptsQueryOptions());

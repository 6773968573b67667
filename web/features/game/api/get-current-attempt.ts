import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CurrentAttemptResponse } from '@contracts/game';
import { api } from '@web/lib/api-client';
import { gameKeys } from './game-query-keys';

/** The player's unfinished attempt (newest without a third guess), or null. */
export const getCurrentAttempt = () => api<CurrentAttemptResponse>('/api/game/current');

export const currentAttemptQueryOptions = () =>
  queryOptions({
    queryKey: gameKeys.currentAttempt(),
    queryFn: getCurrentAttempt,
    // Decides whether /play opens on the game: always ask the server, and fail fast (the caller toasts).
    staleTime: 0,
    retry: 1,
    refetchOnWindowFocus: false,
  });

export const useCurrentAttempt = () => useQuery(currentAttemptQueryOptions());

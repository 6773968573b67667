import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { Attempt, CurrentAttemptResponse } from '@contracts/game';
import { api } from '@web/lib/api-client';
import { preloadImage } from '@web/lib/preload-image';
import { gameKeys } from './game-query-keys';
import { apiPaths } from '@contracts/api-paths';

/** The player's unfinished attempt (newest without a third guess), or null. */
export const getCurrentAttempt = () =>
  api<CurrentAttemptResponse>(apiPaths.gameCurrent).then((response) => {
    // A resumed game shows its image first: start downloading it while the game view renders.
    preloadImage(response.attempt?.imageUrl);
    return response;
  });

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

/**
 * Asks the server for the unfinished attempt right now, through the cache (so the cache agrees with what is
 * shown). A failed check counts as "none".
 */
export function useLoadCurrentAttempt(): () => Promise<Attempt | null> {
  const queryClient = useQueryClient();
  return useCallback(
    () =>
      queryClient.fetchQuery(currentAttemptQueryOptions()).then(
        ({ attempt }) => attempt,
        () => null,
      ),
    [queryClient],
  );
}

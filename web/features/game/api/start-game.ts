import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StartResponse } from '@contracts/game';
import { api } from '@web/lib/api-client';
import { preloadImage } from '@web/lib/preload-image';
import { gameKeys } from './game-query-keys';
import { apiPaths } from '@contracts/api-paths';

export const startGame = () =>
  api<StartResponse>(apiPaths.gameStart, { method: 'POST', body: {} }).then((response) => {
    preloadImage(response.attempt.imageUrl);
    return response;
  });

export function useStartGame({ onSuccess }: { onSuccess?: (data: StartResponse) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startGame,
    onSuccess: (data) => {
      queryClient.setQueryData(gameKeys.currentAttempt(), { attempt: data.attempt });
      void queryClient.invalidateQueries({ queryKey: gameKeys.stats() });
      void queryClient.invalidateQueries({ queryKey: gameKeys.attempts() });
      // That image is this game's now: the following START gets another. Asked again when START shows next,
      // not now, while this game's image (from the cache, or still downloading) has the connection.
      void queryClient.invalidateQueries({ queryKey: gameKeys.nextChallenge(), refetchType: 'none' });
      onSuccess?.(data);
    },
  });
}

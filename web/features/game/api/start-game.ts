import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StartResponse } from '@contracts/game';
import { api } from '@web/lib/api-client';
import { preloadImage } from '@web/lib/preload-image';
import { gameKeys } from './game-query-keys';

export const startGame = () =>
  api<StartResponse>('/api/game/start', { method: 'POST', body: {} }).then((response) => {
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
      onSuccess?.(data);
    },
  });
}

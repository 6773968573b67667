import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GuessInput, GuessResponse } from '@contracts/game';
import { api } from '@web/lib/api-client';
import { gameKeys } from './game-query-keys';

export const submitGuess = ({ attemptId, ...body }: { attemptId: string } & GuessInput) =>
  api<GuessResponse>(`/api/game/attempts/${encodeURIComponent(attemptId)}/guesses`, { method: 'POST', body });

export function useSubmitGuess({ onSuccess }: { onSuccess?: (data: GuessResponse) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitGuess,
    onSuccess: (data) => {
      const { attempt } = data;
      queryClient.setQueryData(gameKeys.currentAttempt(), { attempt: attempt.nextGuessNumber === null ? null : attempt });
      if (attempt.nextGuessNumber === null) {
        void queryClient.invalidateQueries({ queryKey: gameKeys.stats() });
        void queryClient.invalidateQueries({ queryKey: gameKeys.attempts() });
        // NEW CHALLENGE is on screen now: ask for (and download) the image it will show.
        void queryClient.invalidateQueries({ queryKey: gameKeys.nextChallenge() });
      }
      onSuccess?.(data);
    },
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GuessInput, GuessResponse } from '@contracts/game';
import { api } from '@web/lib/api-client';
import { gameKeys } from './game-query-keys';
import { apiPaths, withParams } from '@contracts/api-paths';

/** Idempotency keys of guesses sent but not yet answered with success, by attempt and slot. */
const pendingKeys = new Map<string, string>();
const MAX_PENDING_KEYS = 50;

/** 24 random bytes as base64url (crypto.getRandomValues works on plain-http booth addresses, randomUUID does not). */
function newKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/**
 * The idempotency key for the guess in `guessNumber` of `attemptId`: made on the first send and reused by every
 * resend of that slot until one succeeds, so a guess stored on the server whose answer was lost is answered with its
 * stored result instead of SLOT_TAKEN.
 */
export function guessIdempotencyKey(attemptId: string, guessNumber: number): string {
  const slot = `${attemptId}:${guessNumber}`;
  let key = pendingKeys.get(slot);
  if (!key) {
    if (pendingKeys.size >= MAX_PENDING_KEYS) pendingKeys.delete(pendingKeys.keys().next().value!);
    key = newKey();
    pendingKeys.set(slot, key);
  }
  return key;
}

export const submitGuess = async ({
  attemptId,
  idempotencyKey,
  signal,
  ...body
}: { attemptId: string; signal?: AbortSignal } & GuessInput) => {
  const key = idempotencyKey ?? guessIdempotencyKey(attemptId, body.guessNumber);
  const response = await api<GuessResponse>(withParams(apiPaths.gameGuesses, { attemptId }), {
    method: 'POST',
    body: { ...body, idempotencyKey: key },
    signal,
  });
  // Answered: the slot is filled, a later send for it would be another guess.
  pendingKeys.delete(`${attemptId}:${body.guessNumber}`);
  return response;
};

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

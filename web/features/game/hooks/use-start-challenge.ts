import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import type { Attempt } from '@contracts/game';
import { gameErrorCodes, POOL_EXHAUSTED_MESSAGE } from '@contracts/game.rules';
import { ApiRequestError } from '@web/lib/api-client';
import { getCurrentAttempt } from '../api/get-current-attempt';
import { profileQueryOptions } from '../api/get-profile';
import { useStartGame } from '../api/start-game';

export interface NameDialogState {
  open: boolean;
  suggestedName: string | null;
}

/**
 * START CHALLENGE / NEW CHALLENGE (SPEC 4): check the display name first; missing → the name dialog,
 * whose save creates the game and whose dismissal creates nothing; present → create the game directly.
 */
export function useStartChallenge({ onStarted }: { onStarted: (attempt: Attempt) => void }) {
  const queryClient = useQueryClient();
  const [checkingProfile, setCheckingProfile] = useState(false);
  const [nameDialog, setNameDialog] = useState<NameDialogState>({ open: false, suggestedName: null });
  const startGame = useStartGame({ onSuccess: ({ attempt }) => onStarted(attempt) });

  function createGame() {
    startGame.mutate(undefined, {
      onError: (error) => {
        if (error instanceof ApiRequestError && error.code === gameErrorCodes.displayNameRequired) {
          setNameDialog({ open: true, suggestedName: null });
        } else if (error instanceof ApiRequestError && error.code === gameErrorCodes.challengeInProgress) {
          toast.error('Challenge in progress', { description: 'You must complete your current challenge before starting a new one.' });
          void resumeUnfinished();
        } else if (error instanceof ApiRequestError && error.code === gameErrorCodes.poolExhausted) {
          toast.error('No challenges available', { description: error.message || POOL_EXHAUSTED_MESSAGE });
        } else {
          toast.error('Error starting game', { description: error.message });
        }
      },
    });
  }

  // The unfinished attempt was started elsewhere (another tab or device): open it so the player can finish it.
  async function resumeUnfinished() {
    const { attempt } = await getCurrentAttempt().catch(() => ({ attempt: null }));
    if (attempt) onStarted(attempt);
  }

  async function begin() {
    if (checkingProfile || startGame.isPending) return;
    setCheckingProfile(true);
    try {
      const profile = await queryClient.fetchQuery(profileQueryOptions());
      if (!profile.displayName?.trim()) {
        setNameDialog({ open: true, suggestedName: profile.suggestedName });
        return;
      }
    } catch (error) {
      toast.error('Error starting game', { description: (error as Error).message });
      return;
    } finally {
      setCheckingProfile(false);
    }
    createGame();
  }

  return {
    begin,
    busy: checkingProfile || startGame.isPending,
    nameDialog: {
      ...nameDialog,
      onOpenChange: (open: boolean) => setNameDialog((state) => ({ ...state, open })),
      onSaved: () => {
        setNameDialog((state) => ({ ...state, open: false }));
        createGame();
      },
    },
  };
}

import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { Attempt } from '@contracts/game';
import { gameErrorCodes, POOL_EXHAUSTED_MESSAGE, POOL_NOT_READY_MESSAGE } from '@contracts/game.rules';
import { ApiRequestError } from '@web/lib/api-client';
import { notifyError } from '@web/ui/toast';
import { useLoadCurrentAttempt } from '../api/get-current-attempt';
import { profileQueryOptions } from '../api/get-profile';
import { useStartGame } from '../api/start-game';

/** The display-name dialog's code (with Radix Dialog): not part of /play's first load (docs/decisions/020). */
export const loadDisplayNameDialog = () => import('../components/display-name-dialog');

export interface NameDialogState {
  open: boolean;
  suggestedName: string | null;
}

/**
 * START CHALLENGE / NEW CHALLENGE: check the display name first; missing → the name dialog,
 * whose save creates the game and whose dismissal creates nothing; present → create the game directly.
 */
export function useStartChallenge({ onStarted }: { onStarted: (attempt: Attempt) => void }) {
  const queryClient = useQueryClient();
  const loadCurrentAttempt = useLoadCurrentAttempt();
  const [checkingProfile, setCheckingProfile] = useState(false);
  const [nameDialog, setNameDialog] = useState<NameDialogState>({ open: false, suggestedName: null });
  // Read by onSaved: a save that lands after the dialog was dismissed must not create a game.
  const nameDialogOpen = useRef(false);
  // The button that began this start (focus returns to it when the name dialog is dismissed).
  const trigger = useRef<HTMLElement | null>(null);
  const startGame = useStartGame({ onSuccess: ({ attempt }) => onStarted(attempt) });

  // Ask for the display name up front (the server page preloads it too), so START CHALLENGE costs one round trip,
  // not two, on slow Wi-Fi. The server still refuses a start without a name, which opens the dialog.
  // A player without one will see the name dialog on START: fetch its code now, while they read the page.
  useEffect(() => {
    queryClient.fetchQuery(profileQueryOptions()).then(
      (profile) => {
        if (!profile.displayName?.trim()) loadDisplayNameDialog().catch(() => undefined);
      },
      () => undefined,
    );
  }, [queryClient]);

  function setNameDialogOpen(open: boolean, suggestedName?: string | null) {
    nameDialogOpen.current = open;
    setNameDialog((state) => ({ open, suggestedName: suggestedName === undefined ? state.suggestedName : suggestedName }));
  }

  function createGame() {
    startGame.mutate(undefined, {
      onError: (error) => {
        if (error instanceof ApiRequestError && error.code === gameErrorCodes.displayNameRequired) {
          setNameDialogOpen(true, null);
        } else if (error instanceof ApiRequestError && error.code === gameErrorCodes.challengeInProgress) {
          notifyError('Challenge in progress', 'You must complete your current challenge before starting a new one.');
          void resumeUnfinished();
        } else if (error instanceof ApiRequestError && error.code === gameErrorCodes.poolExhausted) {
          notifyError('No challenges available', error.message || POOL_EXHAUSTED_MESSAGE);
        } else if (error instanceof ApiRequestError && error.code === gameErrorCodes.poolNotReady) {
          notifyError('No challenges available', error.message || POOL_NOT_READY_MESSAGE);
        } else if (error instanceof ApiRequestError && error.code === gameErrorCodes.challengeTooSoon) {
          notifyError('Just a moment', error.message);
        } else if (error instanceof ApiRequestError && error.code === gameErrorCodes.challengeCapReached) {
          notifyError('Challenge limit reached', error.message);
        } else {
          notifyError('Error starting game', error.message);
        }
      },
    });
  }

  // The unfinished attempt was started elsewhere (another tab or device): open it so the player can finish it.
  async function resumeUnfinished() {
    const attempt = await loadCurrentAttempt();
    if (attempt) onStarted(attempt);
  }

  async function begin() {
    if (checkingProfile || startGame.isPending) return;
    trigger.current =
      document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;
    setCheckingProfile(true);
    try {
      // A name already known is enough to go (the server still checks); without one, ask again (it may have been
      // set in another tab) before opening the dialog.
      const cached = queryClient.getQueryData(profileQueryOptions().queryKey);
      const profile = cached?.displayName?.trim() ? cached : await queryClient.fetchQuery({ ...profileQueryOptions(), staleTime: 0 });
      if (!profile.displayName?.trim()) {
        setNameDialogOpen(true, profile.suggestedName);
        return;
      }
    } catch (error) {
      notifyError('Error starting game', (error as Error).message);
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
      onOpenChange: (open: boolean) => setNameDialogOpen(open),
      returnFocus: () => trigger.current,
      onSaved: () => {
        if (!nameDialogOpen.current) return;
        setNameDialogOpen(false);
        createGame();
      },
    },
  };
}

import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import type { Attempt, GuessResponse } from '@contracts/game';
import { formatScore } from '@contracts/game.rules';
import { Spinner } from '@web/ui/spinner';
import { getAttempts } from '../api/get-attempts';
import { currentAttemptQueryOptions, useCurrentAttempt } from '../api/get-current-attempt';
import { gameKeys } from '../api/game-query-keys';
import { useStartChallenge } from '../hooks/use-start-challenge';
import { CompleteView } from './complete-view';
import { DisplayNameDialog } from './display-name-dialog';
import { GuessingView } from './guessing-view';
import { HistoryView } from './history-view';
import { HomeView } from './home-view';

type View = { name: 'checking' } | { name: 'home' } | { name: 'history' } | { name: 'game'; attempt: Attempt };

/**
 * Everything inside /play: home, game (guessing → complete) and history views. An unfinished attempt
 * opens the game straight away (resume, also after a reload).
 */
export function GameScreen({
  homeExtras,
  completeExtras,
  onChallengeComplete,
}: {
  homeExtras?: ReactNode;
  completeExtras?: ReactNode;
  onChallengeComplete?: () => void;
}) {
  const queryClient = useQueryClient();
  const current = useCurrentAttempt();
  const [view, setView] = useState<View>({ name: 'checking' });
  const [announcement, setAnnouncement] = useState('');
  const checked = useRef(false);
  const container = useRef<HTMLDivElement>(null);
  const shownScreen = useRef('checking');

  // When the screen changes (not after each guess), move focus to its heading so keyboard and screen-reader
  // users land on the new content instead of a button that no longer exists.
  const screenKey = view.name === 'game' ? `game:${view.attempt.id}:${view.attempt.nextGuessNumber === null ? 'complete' : 'guessing'}` : view.name;
  useEffect(() => {
    const previous = shownScreen.current;
    shownScreen.current = screenKey;
    if (previous === 'checking' || previous === screenKey) return;
    container.current?.querySelector<HTMLElement>('h1')?.focus({ preventScroll: true });
  }, [screenKey]);

  // Decide once, when the unfinished-attempt check settles; a failed check counts as "none" (SPEC 7).
  useEffect(() => {
    if (checked.current || current.isPending) return;
    checked.current = true;
    if (current.isError) {
      toast.error('Error loading game state', { description: current.error.message });
      setView({ name: 'home' });
    } else {
      setView(current.data.attempt ? { name: 'game', attempt: current.data.attempt } : { name: 'home' });
    }
  }, [current.isPending, current.isError, current.error, current.data]);

  const openGame = (attempt: Attempt) => {
    setAnnouncement('');
    setView({ name: 'game', attempt });
    window.scrollTo({ top: 0 });
  };
  const start = useStartChallenge({ onStarted: openGame });

  const goHome = () => {
    void queryClient.invalidateQueries({ queryKey: gameKeys.stats() });
    setView({ name: 'home' });
    window.scrollTo({ top: 0 });
  };

  const showHistory = () => {
    setView({ name: 'history' });
    window.scrollTo({ top: 0 });
  };

  // The attempt moved on elsewhere (another tab or device took the slot): show it as the server has it.
  const resync = async (attemptId: string) => {
    const { attempt } = await queryClient.fetchQuery({ ...currentAttemptQueryOptions(), staleTime: 0 }).catch(() => ({ attempt: null }));
    if (attempt?.id === attemptId) return setView({ name: 'game', attempt });
    const finished = (await getAttempts().catch(() => ({ attempts: [] }))).attempts.find((candidate) => candidate.id === attemptId);
    if (finished) setView({ name: 'game', attempt: finished });
  };

  const handleGuessed = ({ attempt, guessNumber }: GuessResponse) => {
    const score = attempt.guesses.find((guess) => guess.number === guessNumber)?.score;
    const complete = attempt.nextGuessNumber === null;
    setAnnouncement(
      `Guess ${guessNumber} scored ${score === undefined ? 'unknown' : formatScore(score)}.` +
        (complete ? ` Challenge complete. Your score is ${formatScore(attempt.finalScore ?? 0)}.` : ''),
    );
    setView({ name: 'game', attempt });
    if (complete) {
      window.scrollTo({ top: 0, behavior: 'smooth' });
      onChallengeComplete?.();
    }
  };

  return (
    <div ref={container} className="[&_h1]:outline-none">
      {view.name === 'checking' ? <Spinner label="Checking for incomplete challenges..." className="min-h-[50dvh]" /> : null}

      {view.name === 'home' ? (
        <HomeView extras={homeExtras} onStart={() => void start.begin()} starting={start.busy} onShowHistory={showHistory} />
      ) : null}

      {view.name === 'history' ? <HistoryView onBack={goHome} /> : null}

      {view.name === 'game' ? (
        view.attempt.nextGuessNumber === null ? (
          <CompleteView attempt={view.attempt} extras={completeExtras} onNewChallenge={() => void start.begin()} onBackToMenu={goHome} starting={start.busy} />
        ) : (
          // Keyed by attempt so a new challenge starts with an empty input.
          <GuessingView key={view.attempt.id} attempt={view.attempt} onGuessed={handleGuessed} onOutOfSync={() => void resync(view.attempt.id)} />
        )
      ) : null}

      <p className="sr-only" role="status" aria-live="polite">
        {announcement}
      </p>

      <DisplayNameDialog
        open={start.nameDialog.open}
        onOpenChange={start.nameDialog.onOpenChange}
        suggestedName={start.nameDialog.suggestedName}
        onSaved={start.nameDialog.onSaved}
      />
    </div>
  );
}

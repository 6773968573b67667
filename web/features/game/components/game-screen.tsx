import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import type { Attempt, GuessResponse } from '@contracts/game';
import { Spinner } from '@web/ui/spinner';
import { notifyError } from '@web/ui/toast';
import { attemptsQueryOptions } from '../api/get-attempts';
import { useCurrentAttempt, useLoadCurrentAttempt } from '../api/get-current-attempt';
import { usePreloadNextChallenge } from '../api/get-next-challenge';
import { gameKeys } from '../api/game-query-keys';
import { loadDisplayNameDialog, useStartChallenge } from '../hooks/use-start-challenge';
import { LazyBoundary } from '@web/lib/lazy-boundary';
import { lazyWithPreload } from '@web/lib/lazy-with-preload';
import { Reconnecting } from '@web/ui/reconnecting';
import { GuessingView } from './guessing-view';
import { HomeView } from './home-view';

// Not needed before START CHALLENGE shows (/play's first load on slow Wi-Fi, docs/decisions/025): both load once a game
// is open (long before its third guess), the history also when the player reaches for its button. Not when the home
// view shows: on bad Wi-Fi they would hold connections START's request then waits for. The guessing view is not
// deferred: a resumed game and START open it at once.
const CompleteView = lazyWithPreload(() => import('./complete-view').then((module) => module.CompleteView));
const HistoryView = lazyWithPreload(() => import('./history-view').then((module) => module.HistoryView));

// Loaded ahead when the player has no display name yet (use-start-challenge.ts), else only if START asks for one.
const DisplayNameDialog = lazyWithPreload(() => loadDisplayNameDialog().then((module) => module.DisplayNameDialog));

type View = { name: 'checking' } | { name: 'home' } | { name: 'history' } | { name: 'game'; attempt: Attempt };

/**
 * Everything inside /play: home, game (guessing → complete) and history views. An unfinished attempt
 * opens the game straight away (resume, also after a reload).
 */
export function GameScreen({
  homeStanding,
  homeExtras,
  completeStanding,
  completeBoardNote,
  completeAfterReveal,
  startNotice,
  startClosedReason,
  onGameOpened,
  onChallengeComplete,
  autoStart,
}: {
  /** Shown above START CHALLENGE: keep it short. */
  homeStanding?: ReactNode;
  /** Shown below the Start Playing card. */
  homeExtras?: ReactNode;
  /** The complete screen's standing (rank and movement) for this attempt, inside the score card. */
  completeStanding?: (attempt: Attempt) => ReactNode;
  /** The complete screen's note on what this game did to the player's board entry. */
  completeBoardNote?: ReactNode;
  /** Below the prompt reveal and the guesses (e.g. the #1's strategy form). */
  completeAfterReveal?: ReactNode;
  /** Next to START CHALLENGE / NEW CHALLENGE (e.g. "your board score will be replaced"). */
  startNotice?: ReactNode;
  /** Why no game can start now (the event is closed): START CHALLENGE is disabled with this reason on its card. */
  startClosedReason?: string | null;
  /** A game was opened (started or resumed), before any guess of this visit. */
  onGameOpened?: (attempt: Attempt) => void;
  onChallengeComplete?: () => void;
  /** Start a challenge as soon as the home view shows (once): the player just signed up and came here to play. */
  autoStart?: boolean;
}) {
  const queryClient = useQueryClient();
  const current = useCurrentAttempt();
  const loadCurrentAttempt = useLoadCurrentAttempt();
  const [view, setView] = useState<View>({ name: 'checking' });
  const checked = useRef(false);
  const container = useRef<HTMLDivElement>(null);
  const shownScreen = useRef('checking');
  const onGameOpenedRef = useRef(onGameOpened);
  onGameOpenedRef.current = onGameOpened;

  // When the screen changes (not after each guess), move focus to its heading so keyboard and screen-reader
  // users land on the new content instead of a button that no longer exists.
  const screenKey =
    view.name === 'game' ? `game:${view.attempt.id}:${view.attempt.nextGuessNumber === null ? 'complete' : 'guessing'}` : view.name;
  useEffect(() => {
    const previous = shownScreen.current;
    shownScreen.current = screenKey;
    if (previous === 'checking' || previous === screenKey) return;
    container.current?.querySelector<HTMLElement>('h1')?.focus({ preventScroll: true });
  }, [screenKey]);

  // Decide once, when this visit's unfinished-attempt check settles: not from an answer cached on an earlier visit
  // (a game may have started in another tab since). A failed check counts as "none".
  useEffect(() => {
    if (checked.current || !current.isFetchedAfterMount) return;
    checked.current = true;
    if (current.isError) {
      notifyError('Error loading game state', current.error.message);
      setView({ name: 'home' });
    } else {
      setView(current.data?.attempt ? { name: 'game', attempt: current.data.attempt } : { name: 'home' });
      if (current.data?.attempt) onGameOpenedRef.current?.(current.data.attempt);
    }
  }, [current.isFetchedAfterMount, current.isError, current.error, current.data]);

  const gameOpen = view.name === 'game';
  useEffect(() => {
    if (!gameOpen) return;
    void CompleteView.preload().catch(() => undefined);
    void HistoryView.preload().catch(() => undefined);
  }, [gameOpen]);

  const openGame = (attempt: Attempt) => {
    if (attempt.nextGuessNumber !== null) onGameOpened?.(attempt);
    setView({ name: 'game', attempt });
    window.scrollTo({ top: 0 });
  };
  const start = useStartChallenge({ onStarted: openGame });
  const autoStarted = useRef(false);
  useEffect(() => {
    if (!autoStart || autoStarted.current || view.name !== 'home' || startClosedReason) return;
    autoStarted.current = true;
    void start.begin();
  }, [autoStart, view.name, startClosedReason, start.begin]);
  // START's image downloads before the tap: asked from the first render (the page's HTML preloads the answer),
  // downloaded once START CHALLENGE or NEW CHALLENGE shows (a resumed game's image goes first).
  const guessing = view.name === 'game' && view.attempt.nextGuessNumber !== null;
  usePreloadNextChallenge({
    ask: !guessing,
    showsStart: view.name === 'home' || (view.name === 'game' && view.attempt.nextGuessNumber === null),
  });
  // Mounted from its first opening on, so it can close (and hand focus back) like any dialog.
  const [nameDialogMounted, setNameDialogMounted] = useState(false);
  if (start.nameDialog.open && !nameDialogMounted) setNameDialogMounted(true);

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
    const attempt = await loadCurrentAttempt();
    if (attempt?.id === attemptId) return setView({ name: 'game', attempt });
    // Through the cache (fresh), so the history view agrees with what is shown here.
    const recent = await queryClient.fetchQuery({ ...attemptsQueryOptions(), staleTime: 0 }).catch(() => ({ attempts: [] }));
    const finished = recent.attempts.find((candidate) => candidate.id === attemptId);
    if (finished) setView({ name: 'game', attempt: finished });
  };

  // The reveal card announces the score; completion moves focus to the 'Challenge Complete!' heading.
  const handleGuessed = ({ attempt }: GuessResponse) => {
    setView({ name: 'game', attempt });
    if (attempt.nextGuessNumber === null) {
      window.scrollTo({ top: 0, behavior: window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth' });
      onChallengeComplete?.();
    }
  };

  return (
    <div ref={container} className="[&_h1]:outline-none">
      {view.name === 'checking' ? <Spinner label="Checking for incomplete challenges..." className="min-h-[50dvh]" /> : null}

      {view.name === 'home' ? (
        <HomeView
          standing={homeStanding}
          extras={homeExtras}
          startNotice={startNotice}
          closedReason={startClosedReason}
          onStart={() => void start.begin()}
          starting={start.busy}
          onShowHistory={showHistory}
          onHistoryIntent={() => void HistoryView.preload().catch(() => undefined)}
        />
      ) : null}

      {view.name === 'history' ? (
        <LazyBoundary retry={HistoryView.preload} reconnecting={<Reconnecting className="min-h-[50dvh]" />}>
          <Suspense fallback={<Spinner className="min-h-[50dvh]" />}>
            <HistoryView onBack={goHome} />
          </Suspense>
        </LazyBoundary>
      ) : null}

      {view.name === 'game' ? (
        view.attempt.nextGuessNumber === null ? (
          <LazyBoundary retry={CompleteView.preload} reconnecting={<Reconnecting className="min-h-[50dvh]" />}>
            <Suspense fallback={<Spinner className="min-h-[50dvh]" />}>
              <CompleteView
                attempt={view.attempt}
                standing={completeStanding?.(view.attempt)}
                boardNote={completeBoardNote}
                afterReveal={completeAfterReveal}
                newChallengeNotice={startNotice}
                onNewChallenge={() => void start.begin()}
                onBackToMenu={goHome}
                starting={start.busy}
              />
            </Suspense>
          </LazyBoundary>
        ) : (
          // Keyed by attempt so a new challenge starts with an empty input.
          <GuessingView
            key={view.attempt.id}
            attempt={view.attempt}
            onGuessed={handleGuessed}
            onOutOfSync={() => void resync(view.attempt.id)}
          />
        )
      ) : null}

      {nameDialogMounted ? (
        <LazyBoundary retry={DisplayNameDialog.preload} reconnecting={null}>
          <Suspense fallback={null}>
            <DisplayNameDialog
              open={start.nameDialog.open}
              onOpenChange={start.nameDialog.onOpenChange}
              suggestedName={start.nameDialog.suggestedName}
              onSaved={start.nameDialog.onSaved}
              returnFocus={start.nameDialog.returnFocus}
            />
          </Suspense>
        </LazyBoundary>
      ) : null}
    </div>
  );
}

import { History, Play } from 'lucide-react';
import type { ReactNode } from 'react';
import { GUESSES_PER_CHALLENGE } from '@contracts/game.rules';
import { Button } from '@web/ui/button';
import { Card, CardDescription, CardTitle } from '@web/ui/card';
import { HowItWorks } from './how-it-works';
import { StatsCard } from './stats-card';

/** /play home: welcome, Start Playing, Your Stats, Game History and How it works. */
export function HomeView({
  standing,
  extras,
  startNotice,
  closedReason,
  onStart,
  starting,
  onShowHistory,
  onHistoryIntent,
}: {
  /** A short line above START CHALLENGE (e.g. the player's rank). */
  standing?: ReactNode;
  /** Anything taller goes below the Start Playing card, so START CHALLENGE stays in the first screen. */
  extras?: ReactNode;
  /** Under START CHALLENGE (e.g. "your board score will be replaced"). */
  startNotice?: ReactNode;
  /** Why no game can start now (the organizer closed the event): START CHALLENGE is disabled and this says why. */
  closedReason?: string | null;
  onStart: () => void;
  starting: boolean;
  onShowHistory: () => void;
  /** The player reaches for VIEW PREVIOUS GAMES (hover, focus, press): a moment to load its code. */
  onHistoryIntent?: () => void;
}) {
  return (
    <div className="flex flex-col gap-4">
      <section className="pt-2 pb-1">
        <h1 tabIndex={-1} className="font-display text-3xl font-extrabold leading-tight">
          Ready to <span className="bg-gradient-to-r from-accent to-glow bg-clip-text text-transparent">guess the genesis</span>?
        </h1>
        <p className="mt-2 text-muted">
          You have {GUESSES_PER_CHALLENGE} attempts to guess the secret prompt behind an AI-generated image. Your best guess is your score.
        </p>
        {standing ? <div className="mt-4">{standing}</div> : null}
      </section>

      <Card tone="accent" aria-labelledby="start-title">
        <CardTitle id="start-title">Start Playing</CardTitle>
        <CardDescription>Get your own unique image challenge and make your first guess.</CardDescription>
        {closedReason ? (
          <p id="start-closed" className="mt-3 text-sm font-semibold text-amber-200">
            {closedReason}
          </p>
        ) : null}
        <Button
          size="lg"
          className="mt-4 w-full"
          onClick={onStart}
          disabled={starting || Boolean(closedReason)}
          aria-busy={starting}
          aria-describedby={closedReason ? 'start-closed' : undefined}
        >
          {starting ? (
            <span className="size-4 rounded-full border-2 border-white/40 border-t-white motion-safe:animate-spin" aria-hidden />
          ) : (
            <Play className="size-4 fill-current" aria-hidden />
          )}
          START CHALLENGE
        </Button>
        {startNotice ? <div className="mt-3">{startNotice}</div> : null}
      </Card>

      {extras}

      <StatsCard />

      <Card aria-labelledby="history-title">
        <CardTitle id="history-title">Game History</CardTitle>
        <CardDescription>Look back at your finished challenges, prompts and scores.</CardDescription>
        <Button
          variant="secondary"
          size="lg"
          className="mt-4 w-full"
          onClick={onShowHistory}
          onPointerEnter={onHistoryIntent}
          onPointerDown={onHistoryIntent}
          onFocus={onHistoryIntent}
        >
          <History className="size-4" aria-hidden />
          VIEW PREVIOUS GAMES
        </Button>
      </Card>

      <HowItWorks />
    </div>
  );
}

import { ArrowLeft, Sparkles, Trophy } from 'lucide-react';
import type { ReactNode } from 'react';
import type { Attempt } from '@contracts/game';
import { formatScore } from '@contracts/game.rules';
import { cn } from '@web/lib/cn';
import { Button } from '@web/ui/button';
import { Card } from '@web/ui/card';
import { useCountUp } from '@web/ui/use-count-up';
import { Celebration } from './celebration';
import { CountsNotice } from './counts-notice';
import { GuessList } from './guess-list';
import { RevealedPrompt } from './revealed-prompt';
import { scoreBand } from './score-band';
import { ShareButton } from './share-button';
import { ZoomableImage } from './zoomable-image';

/**
 * Game view, complete state, in the order of the moment: the best score counting up (with confetti scaled to it),
 * the player's standing and a share button, then the prompt reveal with the words they got right, their guesses,
 * what to do next, and only then anything longer (the #1's strategy form).
 */
export function CompleteView({
  attempt,
  standing,
  boardNote,
  afterReveal,
  newChallengeNotice,
  onNewChallenge,
  onBackToMenu,
  starting,
}: {
  attempt: Attempt;
  /** Rank and its movement, shown in the score card. */
  standing?: ReactNode;
  /** Under the score: what this game did to the player's board entry (the organizer decides which game counts). */
  boardNote?: ReactNode;
  /** Below the reveal and the guesses (e.g. the #1's strategy form). */
  afterReveal?: ReactNode;
  /** Above NEW CHALLENGE (e.g. "your board score will be replaced"). */
  newChallengeNotice?: ReactNode;
  onNewChallenge: () => void;
  onBackToMenu: () => void;
  starting: boolean;
}) {
  const finalScore = attempt.finalScore ?? 0;
  const shown = useCountUp(finalScore, 1400);
  const band = scoreBand(finalScore);
  return (
    <div className="flex flex-col gap-5">
      <Celebration score={finalScore} />
      <Card className="relative overflow-hidden text-center">
        <div
          className="pointer-events-none absolute inset-x-0 -top-24 h-48 bg-[radial-gradient(closest-side,rgb(244_114_182/0.35),transparent)]"
          aria-hidden
        />
        <div className="relative">
          <span className="mx-auto flex size-12 items-center justify-center rounded-2xl bg-gradient-to-br from-accent-strong to-glow shadow-lg shadow-accent-strong/30">
            <Trophy className="size-6 text-white" aria-hidden />
          </span>
          <h1 tabIndex={-1} className="mt-3 font-display text-2xl font-bold">
            Challenge Complete!
          </h1>
          <p className="mt-3 text-sm font-medium tracking-wide text-muted uppercase">Your Score</p>
          <p className="sr-only">{formatScore(finalScore)}</p>
          <p aria-hidden data-testid="final-score" className={cn('font-display text-6xl font-extrabold tabular-nums', band.text)}>
            {formatScore(shown)}
          </p>
          <div aria-hidden className="mx-auto mt-2 h-2 max-w-56 overflow-hidden rounded-full bg-night-700">
            <div className={cn('h-full rounded-full bg-gradient-to-r', band.bar)} style={{ width: `${Math.max(2, shown)}%` }} />
          </div>
          {attempt.afterFinalWhistle || attempt.practice ? (
            <CountsNotice attempt={attempt} className="mx-auto mt-3 max-w-80" />
          ) : (
            <p className="mx-auto mt-3 max-w-72 text-xs text-muted">
              {boardNote ?? 'Your best guess counts. This score replaces your previous leaderboard entry.'}
            </p>
          )}
          {standing ? <div className="mt-4">{standing}</div> : null}
          <div className="mt-3">
            <ShareButton attemptId={attempt.id} score={formatScore(finalScore)} />
          </div>
        </div>
      </Card>

      <section aria-labelledby="original-prompt" className="flex flex-col gap-3">
        {attempt.prompt ? <RevealedPrompt prompt={attempt.prompt} guesses={attempt.guesses.map((guess) => guess.text)} /> : null}
        <ZoomableImage
          src={attempt.imageUrl}
          alt={attempt.prompt ? `The AI-generated image for: ${attempt.prompt}` : 'The AI-generated image'}
          className="max-w-72"
        />
      </section>

      <section aria-labelledby="your-guesses">
        <h2 id="your-guesses" className="mb-2 text-sm font-semibold tracking-wide text-muted uppercase">
          Your guesses
        </h2>
        <GuessList guesses={attempt.guesses} highlightBest />
      </section>

      <div className="flex flex-col gap-3">
        {newChallengeNotice}
        <Button size="lg" className="w-full" onClick={onNewChallenge} disabled={starting}>
          <Sparkles className="size-4" aria-hidden />
          NEW CHALLENGE
        </Button>
        <Button variant="outline" size="lg" className="w-full" onClick={onBackToMenu}>
          <ArrowLeft className="size-4" aria-hidden />
          BACK TO MENU
        </Button>
      </div>

      {afterReveal}
    </div>
  );
}

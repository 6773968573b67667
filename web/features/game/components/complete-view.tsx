import { ArrowLeft, Sparkles, Trophy } from 'lucide-react';
import type { ReactNode } from 'react';
import type { Attempt } from '@contracts/game';
import { formatScore } from '@contracts/game.rules';
import { Button } from '@web/ui/button';
import { Card } from '@web/ui/card';
import { ChallengeImage } from './challenge-image';
import { GuessList } from './guess-list';

/** Game view, complete state: the final score, the revealed prompt and the three scored guesses. */
export function CompleteView({
  attempt,
  extras,
  onNewChallenge,
  onBackToMenu,
  starting,
}: {
  attempt: Attempt;
  extras?: ReactNode;
  onNewChallenge: () => void;
  onBackToMenu: () => void;
  starting: boolean;
}) {
  return (
    <div className="flex flex-col gap-5">
      <Card className="relative overflow-hidden text-center">
        <div className="pointer-events-none absolute inset-x-0 -top-24 h-48 bg-[radial-gradient(closest-side,rgb(244_114_182/0.35),transparent)]" aria-hidden />
        <div className="relative">
          <span className="mx-auto flex size-14 items-center justify-center rounded-2xl bg-gradient-to-br from-accent-strong to-glow shadow-lg shadow-accent-strong/30">
            <Trophy className="size-7 text-white" aria-hidden />
          </span>
          <h1 tabIndex={-1} className="mt-4 font-display text-2xl font-bold">Challenge Complete!</h1>
          <p className="mt-4 text-sm font-medium tracking-wide text-muted uppercase">Your Score</p>
          <p className="bg-gradient-to-r from-accent to-glow bg-clip-text font-display text-5xl font-extrabold text-transparent tabular-nums">
            {formatScore(attempt.finalScore ?? 0)}
          </p>
          <p className="mx-auto mt-3 max-w-72 text-xs text-muted">Your best guess counts. This score replaces your previous leaderboard entry.</p>
          {extras ? <div className="mt-4">{extras}</div> : null}
        </div>
      </Card>

      <section aria-labelledby="original-prompt" className="flex flex-col gap-3">
        <ChallengeImage src={attempt.imageUrl} alt={attempt.prompt ? `The AI-generated image for: ${attempt.prompt}` : 'The AI-generated image'} />
        <div className="rounded-2xl border border-accent/40 bg-night-900/80 p-4">
          <h2 id="original-prompt" className="flex items-center gap-1.5 text-xs font-semibold tracking-wide text-accent uppercase">
            <Sparkles className="size-3.5" aria-hidden />
            The original prompt
          </h2>
          <p className="mt-1.5 text-base leading-snug text-ink" data-testid="revealed-prompt">
            “{attempt.prompt}”
          </p>
        </div>
      </section>

      <section aria-labelledby="your-guesses">
        <h2 id="your-guesses" className="mb-2 text-sm font-semibold tracking-wide text-muted uppercase">
          Your guesses
        </h2>
        <GuessList guesses={attempt.guesses} highlightBest />
      </section>

      <div className="flex flex-col gap-3">
        <Button size="lg" className="w-full" onClick={onNewChallenge} disabled={starting}>
          <Sparkles className="size-4" aria-hidden />
          NEW CHALLENGE
        </Button>
        <Button variant="outline" size="lg" className="w-full" onClick={onBackToMenu}>
          <ArrowLeft className="size-4" aria-hidden />
          BACK TO MENU
        </Button>
      </div>
    </div>
  );
}

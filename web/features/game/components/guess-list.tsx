import { Trophy } from 'lucide-react';
import type { Attempt } from '@contracts/game';
import { formatScore } from '@contracts/game.rules';
import { cn } from '@web/lib/cn';

type Guess = Attempt['guesses'][number];

/** The guesses of an attempt with their scores; with `highlightBest`, the best one (the final score) stands out. */
export function GuessList({
  guesses,
  highlightBest = false,
  compact = false,
  className,
}: {
  guesses: Guess[];
  highlightBest?: boolean;
  /** Tighter rows (the guessing view keeps the composer on screen). */
  compact?: boolean;
  className?: string;
}) {
  const bestNumber = highlightBest ? bestGuessNumber(guesses) : null;
  return (
    <ol className={cn('flex flex-col gap-2', className)}>
      {guesses.map((guess) => {
        const isBest = guess.number === bestNumber;
        return (
          <li
            key={guess.number}
            data-best={isBest || undefined}
            className={cn(
              'flex items-start gap-3 rounded-xl border px-3.5',
              compact ? 'py-2' : 'py-3',
              isBest ? 'border-accent/70 bg-accent-strong/15 shadow-md shadow-accent-strong/20' : 'border-night-700 bg-night-950/50',
            )}
          >
            <span
              className={cn(
                'relative mt-0.5 flex size-6 shrink-0 items-center justify-center rounded-full text-xs font-bold',
                isBest ? 'bg-gradient-to-br from-cta-from to-cta-to text-white' : 'bg-night-700 text-muted',
              )}
            >
              <span className="sr-only">Guess </span>
              {guess.number}
            </span>
            <p className={cn('min-w-0 flex-1 text-sm leading-snug break-words text-ink', compact && 'line-clamp-2')}>{guess.text}</p>
            <span className="flex shrink-0 flex-col items-end">
              <span className={cn('text-sm font-bold tabular-nums', isBest ? 'text-glow' : 'text-accent')}>{formatScore(guess.score)}</span>
              {isBest ? (
                <span className="mt-0.5 inline-flex items-center gap-1 text-[11px] font-semibold tracking-wide text-glow uppercase">
                  <Trophy className="size-3" aria-hidden />
                  Best
                </span>
              ) : null}
            </span>
          </li>
        );
      })}
    </ol>
  );
}

function bestGuessNumber(guesses: Guess[]): number | null {
  let best: Guess | null = null;
  for (const guess of guesses) if (!best || guess.score > best.score) best = guess;
  return best?.number ?? null;
}

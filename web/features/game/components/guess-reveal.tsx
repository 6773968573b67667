import { formatScore, GUESSES_PER_CHALLENGE } from '@contracts/game.rules';
import { cn } from '@web/lib/cn';
import { useCountUp } from '@web/ui/use-count-up';
import { scoreBand } from './score-band';

export interface RevealedGuess {
  guessNumber: number;
  score: number;
  /** The server's sentence about the score. */
  message: string;
}

/**
 * The moment a guess lands, right above the input: the score counts up, a meter fills in the colour of its band, and
 * the server's message sits under it, with "Guess N of 3". It is the guess's one confirmation (no toast repeats it
 * over the page). Screen readers hear the final message once (the count-up is for the eyes).
 */
export function GuessReveal({ reveal }: { reveal: RevealedGuess }) {
  const value = useCountUp(reveal.score);
  const band = scoreBand(reveal.score);
  return (
    <div
      data-testid="guess-reveal"
      data-band={band.label}
      className={cn('flex items-center gap-3 rounded-2xl border bg-night-900/95 px-3.5 py-2.5 shadow-lg', band.ring)}
    >
      <p role="status" className="sr-only">
        Guess {reveal.guessNumber} of {GUESSES_PER_CHALLENGE}: {reveal.message}
      </p>
      <div aria-hidden className="flex min-w-0 flex-1 flex-col gap-1">
        <span className="truncate text-xs font-semibold tracking-wide text-muted uppercase">
          <span>
            Guess {reveal.guessNumber} of {GUESSES_PER_CHALLENGE}
          </span>{' '}
          · {band.label}
        </span>
        <span className="h-2 overflow-hidden rounded-full bg-night-700">
          <span className={cn('block h-full rounded-full bg-gradient-to-r', band.bar)} style={{ width: `${Math.max(2, value)}%` }} />
        </span>
        <span className="line-clamp-2 text-sm leading-snug text-ink" data-testid="guess-reveal-message">
          {reveal.message}
        </span>
      </div>
      <span aria-hidden data-testid="guess-reveal-score" className={cn('font-display text-3xl font-extrabold tabular-nums', band.text)}>
        {formatScore(value)}
      </span>
    </div>
  );
}

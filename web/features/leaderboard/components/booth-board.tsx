import { formatScore } from '@contracts/game.rules';
import type { LeaderboardEntry } from '@contracts/leaderboard';
import { BOOTH_TOP_SIZE } from '@contracts/leaderboard.rules';
import { cn } from '@web/lib/cn';
import { FitText } from '@web/ui/fit-text';
import { useFlip } from '../hooks/use-flip';
import { tieBreakFigures, tieBreakFiguresSpoken, tiedKeys } from '../tie-break';
import { RankBadge } from './rank-badge';

/**
 * The booth's top 10 as ten fixed slots: the board fills the screen from the first finish on, and an open slot
 * says "up for grabs" (an invitation rather than a gap). A row that shares its score with another shows what broke
 * the tie (guesses used, thinking time).
 */
export function BoothBoard({ entries }: { entries: LeaderboardEntry[] }) {
  const list = useFlip<HTMLOListElement>(entries, 900);
  const tied = tiedKeys(entries);
  const open = Array.from({ length: Math.max(0, BOOTH_TOP_SIZE - entries.length) }, (_, index) => entries.length + index + 1);
  return (
    <ol ref={list} aria-label={`Top ${BOOTH_TOP_SIZE}`} className="relative flex min-h-0 flex-1 flex-col gap-[0.8vh]">
      {entries.map((entry) => (
        <li
          key={entry.key}
          data-flip-key={entry.key}
          data-testid="booth-row"
          className={cn(
            'flex min-h-0 flex-1 items-center gap-[1.2vw] rounded-[1.4vh] border px-[1.1vw]',
            entry.rank === 1
              ? 'border-amber-300/50 bg-gradient-to-r from-amber-400/20 via-night-900/90 to-night-900/90'
              : 'border-night-700 bg-night-900/75',
          )}
        >
          <RankBadge rank={entry.rank} className="size-[5.2vh] text-[2.8vh]" />
          <span className="sr-only">Rank {entry.rank}:</span>
          {/* A 20-character name shrinks to fit beside what broke a tie rather than lose its end. */}
          <FitText maxVh={entry.rank === 1 ? 4.2 : 3.6} minVh={1.8} className="min-w-0 flex-1 font-display font-bold">
            <span data-testid="booth-row-name" className="block whitespace-nowrap">
              {entry.displayName}
            </span>
          </FitText>
          {tied.has(entry.key) ? (
            <span data-testid="booth-tie-break" className="shrink-0 text-[2.4vh] font-semibold text-muted tabular-nums">
              <span aria-hidden>{tieBreakFigures(entry)}</span>
              <span className="sr-only">, tie broken by {tieBreakFiguresSpoken(entry)}</span>
            </span>
          ) : null}
          <span className="sr-only">, score</span>
          <span
            className={cn(
              'font-display font-extrabold tabular-nums',
              entry.rank === 1 ? 'text-[4.4vh] text-amber-200' : 'text-[3.8vh] text-ink',
            )}
          >
            {formatScore(entry.score)}
          </span>
        </li>
      ))}
      {open.map((rank) => (
        <li
          key={`open-${rank}`}
          data-testid="booth-open-slot"
          className="flex min-h-0 flex-1 items-center gap-[1.2vw] rounded-[1.4vh] border border-dashed border-night-600 px-[1.1vw] text-muted"
        >
          <span
            className="flex size-[5.2vh] shrink-0 items-center justify-center rounded-full border border-dashed border-night-600 font-display text-[2.6vh] font-bold"
            aria-hidden
          >
            {rank}
          </span>
          <span className="font-display text-[3vh] font-semibold">Up for grabs: scan and play</span>
        </li>
      ))}
    </ol>
  );
}

import { formatScore } from '@contracts/game.rules';
import type { LeaderboardEntry } from '@contracts/leaderboard';
import { BOOTH_TOP_SIZE } from '@contracts/leaderboard.rules';
import { cn } from '@web/lib/cn';
import { useFlip } from '../hooks/use-flip';
import { RankBadge } from './rank-badge';

/**
 * The booth's top 10 as ten fixed slots: the board fills the screen from the first finish on, and an open slot
 * says "up for grabs" (an invitation rather than a gap).
 */
export function BoothBoard({ entries }: { entries: LeaderboardEntry[] }) {
  const list = useFlip<HTMLOListElement>(entries, 900);
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
          <span className={cn('min-w-0 flex-1 truncate font-display font-bold', entry.rank === 1 ? 'text-[4.2vh]' : 'text-[3.6vh]')}>
            {entry.displayName}
          </span>
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

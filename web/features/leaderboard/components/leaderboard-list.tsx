import { formatScore } from '@contracts/game.rules';
import type { LeaderboardEntry } from '@contracts/leaderboard';
import { cn } from '@web/lib/cn';
import { useFlip } from '../hooks/use-flip';
import { tieBreakFigures, tieBreakFiguresSpoken, tiedKeys } from '../tie-break';
import { RankBadge } from './rank-badge';

/** The ranked rows as an ordered list; rows glide to their new place when ranks change. */
export function LeaderboardList({
  entries,
  youKey,
  label = 'Leaderboard',
}: {
  entries: LeaderboardEntry[];
  youKey?: string | null;
  label?: string;
}) {
  const list = useFlip<HTMLOListElement>(entries);
  const tied = tiedKeys(entries);
  return (
    <ol ref={list} aria-label={label} className="relative flex flex-col gap-2">
      {entries.map((entry) => (
        <LeaderboardRow key={entry.key} entry={entry} isYou={entry.key === youKey} tied={tied.has(entry.key)} />
      ))}
    </ol>
  );
}

/** One row; a `tied` row (its score shared with another) shows what broke the tie under the score. */
export function LeaderboardRow({
  entry,
  isYou,
  tied = false,
  as: Tag = 'li',
}: {
  entry: LeaderboardEntry;
  isYou: boolean;
  tied?: boolean;
  as?: 'li' | 'div';
}) {
  return (
    <Tag
      data-flip-key={entry.key}
      aria-current={isYou ? 'true' : undefined}
      className={cn(
        'flex items-center gap-3 rounded-2xl border px-3 py-2.5',
        isYou ? 'border-glow/60 bg-gradient-to-r from-accent-strong/25 to-glow/15' : 'border-night-700 bg-night-900/70',
      )}
    >
      <RankBadge rank={entry.rank} className="size-9 text-sm" />
      <span className="sr-only">Rank {entry.rank}:</span>
      <span className="min-w-0 flex-1 truncate font-semibold text-ink">
        {entry.displayName}
        {isYou ? (
          <span className="ml-2 rounded-full bg-glow/20 px-2 py-0.5 align-middle text-[11px] font-bold uppercase tracking-wider text-glow">
            You
          </span>
        ) : null}
      </span>
      <span className="sr-only">, score</span>
      <span className="flex flex-col items-end">
        <span className="font-display text-lg font-bold tabular-nums text-ink">{formatScore(entry.score)}</span>
        {tied ? (
          <span data-testid="tie-break" className="text-xs text-muted tabular-nums">
            <span aria-hidden>{tieBreakFigures(entry)}</span>
            <span className="sr-only">, tie broken by {tieBreakFiguresSpoken(entry)}</span>
          </span>
        ) : null}
      </span>
    </Tag>
  );
}

import { ArrowDown, ArrowUp, Minus, Sparkles, Target } from 'lucide-react';
import { Link } from 'react-router';
import { formatScore } from '@contracts/game.rules';
import { paths } from '@contracts/paths';
import { cn } from '@web/lib/cn';
import { Skeleton } from '@web/ui/spinner';
import { useMyRank } from '../api/get-my-rank';
import { readRankBefore } from '../hooks/use-rank-before-game';
import { tieWithAbove } from '../tie-break';

/** How far a rank moved: positive = up the board. */
export function rankMovement(
  before: number | null | undefined,
  now: number | null,
): { kind: 'new' | 'up' | 'down' | 'same' | 'none'; places: number } {
  if (now === null) return { kind: 'none', places: 0 };
  if (before === null || before === undefined) return { kind: 'new', places: 0 };
  if (before > now) return { kind: 'up', places: before - now };
  if (before < now) return { kind: 'down', places: now - before };
  return { kind: 'same', places: 0 };
}

/** Points needed to pass the player above (ties go to whoever got there first, so equal is not enough). */
export function pointsToNextRank(score: number | null, above: number | null): number | null {
  // Nobody passes a 100.0 % (ties go to whoever got there first).
  if (score === null || above === null || above >= 100) return null;
  return Math.max(0.1, Math.round((above - score + 0.1) * 10) / 10);
}

const places = (n: number) => `${n} ${n === 1 ? 'place' : 'places'}`;

/** The complete screen's standing: "#4 of 57", its movement since the last game, and the points to the next rank. */
export function CompleteStanding({ attemptId }: { attemptId: string }) {
  const myRank = useMyRank();
  // The board is refetched once the game completes: wait for that answer rather than flash the old rank.
  if (myRank.isPending || myRank.isFetching) return <Skeleton className="h-20" />;
  if (myRank.isError) return null;
  const { rank, total, score, nextRankScore } = myRank.data;
  if (rank === null) return null;
  const movement = rankMovement(readRankBefore(attemptId)?.rank, rank);
  const toNext = pointsToNextRank(score, nextRankScore);
  const tie = tieWithAbove(myRank.data);

  const line =
    movement.kind === 'up'
      ? `Up ${places(movement.places)}`
      : movement.kind === 'down'
        ? `Down ${places(movement.places)}`
        : movement.kind === 'new'
          ? 'New on the board'
          : movement.kind === 'same'
            ? 'Holding your place'
            : '';
  const MovementIcon = movement.kind === 'up' ? ArrowUp : movement.kind === 'down' ? ArrowDown : movement.kind === 'new' ? Sparkles : Minus;

  return (
    <Link
      to={paths.leaderboard}
      data-testid="complete-standing"
      className="flex items-center gap-3 rounded-2xl border border-accent/30 bg-night-950/60 px-4 py-3 text-left transition hover:border-accent/60"
    >
      <span className="font-display text-3xl font-extrabold text-ink tabular-nums" aria-hidden>
        #{rank}
      </span>
      <span className="min-w-0 flex-1">
        <span className="block font-semibold text-ink">
          <span className="sr-only">Rank {rank} </span>of {total} {total === 1 ? 'player' : 'players'}
        </span>
        {line ? (
          <span
            data-testid="rank-movement"
            className={cn(
              'mt-0.5 flex items-center gap-1 text-sm font-semibold',
              movement.kind === 'up' || movement.kind === 'new'
                ? 'text-emerald-300'
                : movement.kind === 'down'
                  ? 'text-orange-300'
                  : 'text-muted',
            )}
          >
            <MovementIcon className="size-4" aria-hidden />
            {line}
          </span>
        ) : null}
        {rank === 1 ? (
          <span className="mt-0.5 block text-sm text-muted">Top of the board!</span>
        ) : tie !== null ? (
          <span data-testid="tie-with-above" className="mt-0.5 block text-sm text-muted">
            {tie}
          </span>
        ) : toNext !== null ? (
          <span data-testid="points-to-next" className="mt-0.5 flex items-center gap-1 text-sm text-muted">
            <Target className="size-3.5" aria-hidden />
            {formatScore(toNext).replace('%', '')} points to #{rank - 1}
          </span>
        ) : null}
      </span>
    </Link>
  );
}

/**
 * Above START/NEW CHALLENGE for a player on the board: what the next game does to their entry. By default it replaces
 * it (docs/product.md, "What it is"); when the organizer's board counts each player's best game, only a better game does.
 */
export function ReplaceScoreNotice() {
  const myRank = useMyRank();
  if (!myRank.data || myRank.data.rank === null || myRank.data.score === null) return null;
  const entry = `Your leaderboard score of ${formatScore(myRank.data.score)} (#${myRank.data.rank})`;
  return (
    <p data-testid="replace-notice" className="text-center text-xs text-muted">
      {myRank.data.boardCounts === 'best'
        ? `${entry} stays unless your next game does better.`
        : `${entry} will be replaced by your next game's score, even if it is lower.`}
    </p>
  );
}

/** The complete screen's note under the score: what this game did to the player's board entry. */
export function BoardEntryNote() {
  const myRank = useMyRank();
  if (myRank.data?.boardCounts === 'best')
    return <>Your best guess counts. The board keeps your best game: a next game counts only if it does better.</>;
  return <>Your best guess counts. This score replaces your previous leaderboard entry, and your next game replaces this one.</>;
}

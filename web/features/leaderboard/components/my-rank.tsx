import { ChevronRight, Trophy } from 'lucide-react';
import { Link } from 'react-router';
import { formatScore } from '@contracts/game.rules';
import { paths } from '@contracts/paths';
import { Skeleton } from '@web/ui/spinner';
import type { MyRank as MyRankData } from '@contracts/leaderboard';
import { useMyRank } from '../api/get-my-rank';
import { tieWithAbove } from '../tie-break';
import { StrategyEditor } from './strategy-editor';

/**
 * Just 'You are #7 of 312' (the home view shows it above START CHALLENGE, and the strategy form lower). A player who
 * started before confirming their e-mail (docs/decisions/039) is told what puts them on the board: the code.
 */
export function PlayerRank({ unconfirmed = false }: { unconfirmed?: boolean }) {
  const myRank = useMyRank();
  if (myRank.isPending) return <Skeleton className="h-16" />;
  if (myRank.isError) return null;
  return <MyRank {...myRank.data} unconfirmed={unconfirmed} />;
}

/** Just the #1's strategy form (nothing for anyone else). */
export function PlayerStrategy() {
  const myRank = useMyRank();
  return <StrategyEditor rank={myRank.data?.rank} />;
}

/**
 * 'You are #7 of 312' with the player's board score, linking to the full leaderboard; tied on score with the player
 * above, what broke the tie ("#2: same score, one guess more than #1").
 */
function MyRank({ unconfirmed, ...data }: MyRankData & { unconfirmed: boolean }) {
  const { rank, total, score } = data;
  const tie = tieWithAbove(data);
  const others = total === 1 ? '1 player' : `${total} players`;
  return (
    <Link
      to={paths.leaderboard}
      className="group flex items-center gap-3 rounded-2xl border border-accent/30 bg-gradient-to-r from-accent-strong/15 to-glow/10 px-4 py-3 transition hover:border-accent/60"
    >
      <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-night-900/80 text-glow ring-1 ring-glow/30">
        <Trophy className="size-5" aria-hidden />
      </span>
      <span className="min-w-0 flex-1">
        {rank === null ? (
          <>
            <span className="block font-semibold text-ink">Not on the leaderboard yet</span>
            <span className="block text-sm text-muted">
              {unconfirmed
                ? `Your scores count once you confirm your e-mail with the code below${total === 0 ? '' : `: join ${others}`}.`
                : total === 0
                  ? 'Finish a challenge to take the first spot.'
                  : `Finish a challenge to join ${others}.`}
            </span>
          </>
        ) : (
          <>
            <span className="block font-display text-lg font-bold text-ink">
              You are #{rank} of {total}
            </span>
            <span className="block text-sm text-muted">Leaderboard score {formatScore(score ?? 0)}</span>
            {tie !== null ? (
              <span data-testid="tie-with-above" className="block text-sm text-muted">
                {tie}
              </span>
            ) : null}
          </>
        )}
      </span>
      <ChevronRight
        className="size-5 text-muted transition group-hover:translate-x-0.5 group-hover:text-ink"
        aria-label="View the leaderboard"
      />
    </Link>
  );
}

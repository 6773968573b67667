import { useQueryClient } from '@tanstack/react-query';
import { Trophy } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { LeaderboardBoard, LeaderboardRow as Row, MyRank } from '@contracts/leaderboard';
import { Skeleton } from '@web/ui/spinner';
import { useLeaderboard } from '../api/get-leaderboard';
import { myRankQueryOptions } from '../api/get-my-rank';
import { useLeaderboardStream } from '../hooks/use-leaderboard-stream';
import { LeaderboardList, LeaderboardRow } from './leaderboard-list';
import { LiveStatus } from './live-status';
import { StrategyEditor } from './strategy-editor';

/**
 * The public board: top 50, live. The first paint comes from GET /api/leaderboard (which also knows which row
 * is the viewer's); from then on the stream's snapshots replace the rows. A viewer outside the top refreshes only
 * their own rank (GET /api/leaderboard/me) after a change, spread over a few seconds so a change never triggers
 * a burst of requests.
 */
export function LeaderboardView({ emptyAction }: { emptyAction?: ReactNode }) {
  const queryClient = useQueryClient();
  const initial = useLeaderboard();
  const [myLatestRank, setMyLatestRank] = useState<MyRank | null>(null);
  const me = withLatestRank(initial.data?.me ?? null, myLatestRank);
  // The viewer's key stays theirs even if a later check finds them off the board.
  const youKey = initial.data?.me?.key ?? null;
  const refreshTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  const onChange = (next: LeaderboardBoard) => {
    const outsideTop = youKey !== null && !next.entries.some((entry) => entry.key === youKey);
    if (!outsideTop || refreshTimer.current) return;
    refreshTimer.current = setTimeout(
      () => {
        refreshTimer.current = undefined;
        queryClient.fetchQuery({ ...myRankQueryOptions(), staleTime: 0 }).then(setMyLatestRank, () => undefined);
      },
      500 + Math.random() * 3000,
    );
  };
  const { board, status, received } = useLeaderboardStream(onChange);
  useEffect(() => () => clearTimeout(refreshTimer.current), []);

  const entries = board?.entries ?? initial.data?.entries ?? null;
  const total = board?.total ?? initial.data?.total ?? 0;
  const liveRank = youKey ? (entries?.find((entry) => entry.key === youKey)?.rank ?? me?.rank) : null;
  const youInTop = Boolean(entries?.some((entry) => entry.key === youKey));

  return (
    <div className="flex flex-col gap-5">
      <header className="flex flex-col gap-3">
        <div className="flex items-center justify-between gap-3">
          <h1 className="font-display text-3xl font-extrabold tracking-tight">Leaderboard</h1>
          <LiveStatus status={status} pulse={received} />
        </div>
        <p className="text-sm text-muted">
          {total === 1 ? '1 player' : `${total} players`} · each player's {board?.boardCounts === 'best' ? 'best' : 'latest'} game counts ·
          ties go to fewer guesses, then less thinking time (typing not counted), then who finished first
        </p>
        <StrategyEditor rank={liveRank} />
      </header>

      {entries === null ? (
        initial.isError ? (
          <p role="alert" className="rounded-2xl border border-danger/40 bg-danger/10 p-4 text-sm text-danger">
            The leaderboard could not be loaded. It will retry on its own.
          </p>
        ) : (
          <div className="flex flex-col gap-2" aria-busy>
            <span className="sr-only">Loading the leaderboard…</span>
            {Array.from({ length: 6 }, (_, i) => (
              <Skeleton key={i} className="h-14" />
            ))}
          </div>
        )
      ) : entries.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-2xl border border-night-700 bg-night-900/70 px-6 py-10 text-center">
          <Trophy className="size-10 text-accent" aria-hidden />
          <p className="font-display text-lg font-bold">No scores yet</p>
          <p className="text-sm text-muted">Finish a challenge to take the first spot.</p>
          {emptyAction}
        </div>
      ) : (
        <LeaderboardList entries={entries} youKey={youKey} />
      )}

      {me && !youInTop && entries !== null ? (
        <section aria-label="Your position" className="sticky bottom-3 z-10">
          <p className="mb-1.5 px-1 text-xs font-semibold uppercase tracking-wider text-muted">Your position</p>
          <LeaderboardRow as="div" entry={me} isYou />
        </section>
      ) : null}
    </div>
  );
}

/** The viewer's row (from the first load) with their rank and score as GET /api/leaderboard/me last reported. */
function withLatestRank(me: Row | null, latest: MyRank | null): Row | null {
  if (!me || !latest) return me;
  if (latest.rank === null || latest.score === null) return null;
  return { ...me, rank: latest.rank, score: latest.score };
}

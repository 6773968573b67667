import type { AdminOverview } from '@contracts/admin-overview';
import { formatScore } from '@contracts/game.rules';
import { Card, CardTitle } from '@web/ui/card';

/** The current top 3 of the board. */
export function OverviewTop({ top }: { top: AdminOverview['top'] }) {
  return (
    <Card>
      <CardTitle>Top 3</CardTitle>
      {top.length === 0 ? (
        <p className="mt-3 text-sm text-muted">Nobody on the board yet.</p>
      ) : (
        <ol className="mt-3 flex flex-col gap-2">
          {top.map((entry) => (
            <li key={entry.rank} className="flex items-center gap-3 rounded-xl bg-night-800/70 px-3 py-2.5">
              <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-night-700 text-sm font-bold">
                {entry.rank}
              </span>
              <span className="min-w-0 flex-1 truncate font-semibold">{entry.displayName}</span>
              <span className="font-display font-bold tabular-nums text-accent">{formatScore(entry.score)}</span>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}

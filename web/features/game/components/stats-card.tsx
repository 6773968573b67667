import { ApiRequestError } from '@web/lib/api-client';
import { BarChart3 } from 'lucide-react';
import { useEffect } from 'react';
import { formatScore } from '@contracts/game.rules';
import { Card, CardTitle } from '@web/ui/card';
import { useStats } from '../api/get-stats';

/** 'Your Stats': games played, best and average score. A failed fetch is only logged. */
export function StatsCard() {
  const stats = useStats();

  useEffect(() => {
    // Only logged (docs/product.md, "Errors"); a dropped connection is no error of the app (the stats are asked again once it is back).
    if (stats.isError)
      (stats.error instanceof ApiRequestError && stats.error.unreachable ? console.warn : console.error)(
        'Could not load the player stats',
        stats.error,
      );
  }, [stats.isError, stats.error]);

  const values = stats.data
    ? [
        { label: 'Games played', value: String(stats.data.gamesPlayed) },
        { label: 'Best score', value: formatScore(stats.data.bestScore) },
        { label: 'Average score', value: formatScore(stats.data.averageScore) },
      ]
    : [
        { label: 'Games played', value: '–' },
        { label: 'Best score', value: '–' },
        { label: 'Average score', value: '–' },
      ];

  return (
    <Card aria-labelledby="stats-title">
      <div className="flex items-center justify-between">
        <CardTitle id="stats-title" className="flex items-center gap-2">
          <BarChart3 className="size-5 text-accent" aria-hidden />
          Your Stats
        </CardTitle>
        {stats.isPending ? (
          <span role="status" className="text-xs text-muted">
            Loading stats...
          </span>
        ) : null}
      </div>
      <dl className="mt-4 grid grid-cols-3 gap-2" aria-busy={stats.isPending}>
        {values.map(({ label, value }) => (
          <div key={label} className="flex flex-col-reverse items-center rounded-xl bg-night-950/60 px-2 py-3 text-center">
            <dt className="mt-1 text-[11px] leading-tight text-muted">{label}</dt>
            <dd className="font-display text-xl font-bold tabular-nums" data-testid={`stat-${label.toLowerCase().replace(' ', '-')}`}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}

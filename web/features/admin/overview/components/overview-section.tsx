import { Suspense } from 'react';
import { LazyBoundary } from '@web/lib/lazy-boundary';
import { lazyWithPreload } from '@web/lib/lazy-with-preload';
import type { AdminOverview } from '@contracts/admin-overview';
import { Card, CardTitle } from '@web/ui/card';
import { SectionHeader } from '@web/ui/section-header';
import { Skeleton, Spinner } from '@web/ui/spinner';
import { useOverview } from '../api/get-overview';
import { useOverviewStream } from '../hooks/use-overview-stream';
import { OverviewLiveStatus } from './overview-live-status';
import { OverviewStats } from './overview-stats';
import { OverviewTop } from './overview-top';
import { OverviewWarnings } from './overview-warnings';

// The chart library is loaded only when the overview shows: no player page and no other console section grows.
const ScoreHistogram = lazyWithPreload(() => import('./overview-charts').then((module) => module.ScoreHistogram));
const GamesChart = lazyWithPreload(() => import('./overview-charts').then((module) => module.GamesChart));

/** Overview: live counts, the warnings an organizer must see, the top 3 and two charts. */
export function OverviewSection() {
  const status = useOverviewStream();
  const overview = useOverview();

  return (
    <div>
      <SectionHeader
        title="Overview"
        documentTitle="Overview · Organizer console"
        description="The event at a glance, updated live."
        actions={<OverviewLiveStatus status={status} />}
      />
      {overview.data ? (
        <OverviewBody overview={overview.data} />
      ) : overview.isError ? (
        <p role="alert" className="text-sm text-danger">
          Could not load the overview: {overview.error.message}
        </p>
      ) : (
        <Spinner label="Loading the overview..." className="py-16" />
      )}
    </div>
  );
}

function OverviewBody({ overview }: { overview: AdminOverview }) {
  return (
    <div className="flex flex-col gap-5">
      <OverviewWarnings warnings={overview.warnings} />
      <OverviewStats overview={overview} />
      <div className="grid gap-5 lg:grid-cols-[22rem_1fr]">
        <OverviewTop top={overview.top} />
        <LazyBoundary retry={ScoreHistogram.preload} reconnecting={<ChartFallback title="Score distribution" />}>
          <Suspense fallback={<ChartFallback title="Score distribution" />}>
            <ScoreHistogram histogram={overview.scoreHistogram} />
          </Suspense>
        </LazyBoundary>
      </div>
      <LazyBoundary retry={GamesChart.preload} reconnecting={<ChartFallback title="Games per 10 minutes" />}>
        <Suspense fallback={<ChartFallback title="Games per 10 minutes" />}>
          <GamesChart games={overview.gamesPer10Minutes} />
        </Suspense>
      </LazyBoundary>
    </div>
  );
}

function ChartFallback({ title }: { title: string }) {
  return (
    <Card>
      <CardTitle>{title}</CardTitle>
      <Skeleton className="mt-4 h-56" />
    </Card>
  );
}

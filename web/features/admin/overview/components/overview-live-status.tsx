import { cn } from '@web/lib/cn';
import type { OverviewStreamStatus } from '../hooks/use-overview-stream';

const labels: Record<OverviewStreamStatus, string> = { connecting: 'Connecting…', live: 'Live', reconnecting: 'Reconnecting…' };

/** A small pill telling whether the overview is updating live. */
export function OverviewLiveStatus({ status }: { status: OverviewStreamStatus }) {
  const live = status === 'live';
  return (
    <span
      role="status"
      className={cn(
        'inline-flex min-h-8 items-center gap-2 rounded-full border px-3 py-1 text-xs font-semibold uppercase tracking-wider',
        live ? 'border-success/40 bg-success/10 text-success' : 'border-night-600 bg-night-800 text-muted',
      )}
    >
      <span className={cn('inline-flex size-2 rounded-full', live ? 'bg-success' : 'bg-muted')} aria-hidden />
      {labels[status]}
    </span>
  );
}

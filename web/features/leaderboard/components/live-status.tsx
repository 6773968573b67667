import { cn } from '@web/lib/cn';
import type { StreamStatus } from '../hooks/use-leaderboard-stream';

const labels: Record<StreamStatus, string> = { connecting: 'Connecting…', live: 'Live', reconnecting: 'Reconnecting…' };

/** A small pill telling whether the board is updating live. */
export function LiveStatus({ status, className }: { status: StreamStatus; className?: string }) {
  const live = status === 'live';
  return (
    <span
      role="status"
      className={cn(
        'inline-flex items-center gap-2 rounded-full border px-3 py-1 text-xs font-semibold uppercase tracking-wider',
        live ? 'border-success/40 bg-success/10 text-success' : 'border-night-600 bg-night-800 text-muted',
        className,
      )}
    >
      <span className="relative flex size-2" aria-hidden>
        {live ? <span className="absolute inline-flex size-full animate-ping rounded-full bg-success opacity-75" /> : null}
        <span className={cn('relative inline-flex size-2 rounded-full', live ? 'bg-success' : 'bg-muted')} />
      </span>
      {labels[status]}
    </span>
  );
}

import { cn } from '@web/lib/cn';
import type { StreamStatus } from '../hooks/use-leaderboard-stream';

const labels: Record<StreamStatus, string> = { connecting: 'Connecting…', live: 'Live', reconnecting: 'Reconnecting…' };

// Classes are joined, not merged (web/lib/cn.ts): padding and font size come from `size`.
const sizes = { sm: 'px-3 py-1 text-xs', booth: 'px-[1vw] py-[0.6vh] text-[1.8vh]' } as const;

/**
 * A small pill telling whether the board is updating live; `size="booth"` scales it with the booth screen. Its dot
 * pings when `pulse` changes (a board arrived), twice, then rests: a dot pinging forever kept every phone's screen
 * redrawing 60 times a second for as long as the page was open.
 */
export function LiveStatus({
  status,
  pulse = 0,
  size = 'sm',
  className,
}: {
  status: StreamStatus;
  /** Changes with each board received (useLeaderboardStream's `received`). */
  pulse?: number;
  size?: keyof typeof sizes;
  className?: string;
}) {
  const live = status === 'live';
  return (
    <span
      role="status"
      className={cn(
        'inline-flex items-center gap-2 rounded-full border font-semibold uppercase tracking-wider',
        sizes[size],
        live ? 'border-success/40 bg-success/10 text-success' : 'border-night-600 bg-night-800 text-muted',
        className,
      )}
    >
      <span className="relative flex size-2" aria-hidden>
        {live ? <span key={pulse} className="live-ping absolute inline-flex size-full rounded-full bg-success" /> : null}
        <span className={cn('relative inline-flex size-2 rounded-full', live ? 'bg-success' : 'bg-muted')} />
      </span>
      {labels[status]}
    </span>
  );
}

import { Hourglass, Moon } from 'lucide-react';
import { EVENT_CLOSED_MESSAGE } from '@contracts/admin.rules';
import { POOL_NOT_READY_MESSAGE } from '@contracts/game.rules';
import { cn } from '@web/lib/cn';
import { type EventStatus, useEventStatus } from '../api/get-event-status';

/**
 * 'The game is closed right now…' while an organizer has closed the event, or 'The game is not ready yet…' while no
 * challenge was loaded: shown on the landing page and /auth, before anyone signs up. Reads the status itself.
 */
export function EventClosedNotice({ className }: { className?: string }) {
  return <EventStatusNotice status={useEventStatus()} className={className} />;
}

/** The same notice for a page that reads the status itself for other uses too (/play: START is refused while closed). */
export function EventStatusNotice({ status, className }: { status: EventStatus | undefined; className?: string }) {
  if (!status) return null;
  if (status.eventOpen && !status.poolReady) {
    return (
      <p
        role="status"
        data-testid="pool-not-ready"
        className={cn(
          'flex items-start gap-3 rounded-2xl border border-amber-400/50 bg-amber-950/60 px-4 py-3 text-sm font-medium text-ink',
          className,
        )}
      >
        <Hourglass className="mt-0.5 size-5 shrink-0 text-amber-300" aria-hidden />
        <span>
          <strong className="block font-display text-base">Not ready yet</strong>
          <span className="block">{POOL_NOT_READY_MESSAGE}</span>
        </span>
      </p>
    );
  }
  if (status.eventOpen) return null;
  return (
    <p
      role="status"
      className={cn(
        'flex items-start gap-3 rounded-2xl border border-amber-400/50 bg-amber-950/60 px-4 py-3 text-sm font-medium text-ink',
        className,
      )}
    >
      <Moon className="mt-0.5 size-5 shrink-0 text-amber-300" aria-hidden />
      <span>
        <strong className="block font-display text-base">The event is closed</strong>
        <span className="block">{EVENT_CLOSED_MESSAGE}</span>
      </span>
    </p>
  );
}

import { Moon } from 'lucide-react';
import { EVENT_CLOSED_MESSAGE } from '@contracts/admin.rules';
import { cn } from '@web/lib/cn';
import { useEventOpen } from '../api/get-event-status';

/** 'The game is closed right now…': shown on the landing page and /play while an organizer has closed the event. */
export function EventClosedNotice({ className }: { className?: string }) {
  const eventOpen = useEventOpen();
  if (eventOpen !== false) return null;
  return (
    <p role="status" className={cn('flex items-start gap-3 rounded-2xl border border-amber-400/50 bg-amber-950/60 px-4 py-3 text-sm font-medium text-ink', className)}>
      <Moon className="mt-0.5 size-5 shrink-0 text-amber-300" aria-hidden />
      <span>
        <strong className="block font-display text-base">The event is closed</strong>
        <span className="block">{EVENT_CLOSED_MESSAGE}</span>
      </span>
    </p>
  );
}

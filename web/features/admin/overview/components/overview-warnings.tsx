import { AlertTriangle, OctagonAlert } from 'lucide-react';
import type { OverviewWarning } from '@contracts/admin-overview';
import { cn } from '@web/lib/cn';

/** The warnings an organizer must see (pool low or empty, event closed, a localhost URL, mail captured in production), on top. */
export function OverviewWarnings({ warnings }: { warnings: OverviewWarning[] }) {
  if (warnings.length === 0) return null;
  const sorted = [...warnings].sort((a, b) => (a.severity === b.severity ? 0 : a.severity === 'critical' ? -1 : 1));
  return (
    <section aria-label="Warnings" className="flex flex-col gap-2">
      {sorted.map((warning) => {
        const critical = warning.severity === 'critical';
        const Icon = critical ? OctagonAlert : AlertTriangle;
        return (
          <p
            key={warning.code}
            data-warning={warning.code}
            className={cn(
              'flex items-start gap-3 rounded-2xl border px-4 py-3 text-sm font-medium text-ink',
              critical ? 'border-danger/60 bg-red-950/60' : 'border-amber-400/50 bg-amber-950/50',
            )}
          >
            <Icon className={cn('mt-0.5 size-5 shrink-0', critical ? 'text-danger' : 'text-amber-300')} aria-hidden />
            <span>
              <span className="sr-only">{critical ? 'Critical: ' : 'Warning: '}</span>
              {warning.message}
            </span>
          </p>
        );
      })}
    </section>
  );
}

import { cn } from '@web/lib/cn';

/** A spinner with a visible label; role=status so screen readers hear it. */
export function Spinner({ label, className }: { label?: string; className?: string }) {
  return (
    <div role="status" className={cn('flex flex-col items-center justify-center gap-3 text-muted', className)}>
      <span className="size-8 animate-spin rounded-full border-3 border-night-600 border-t-accent" aria-hidden />
      {label ? <span className="text-sm">{label}</span> : <span className="sr-only">Loading</span>}
    </div>
  );
}

/** A pulsing placeholder; `rounded={false}` for one that fills a box which rounds (and clips) its corners itself. */
export function Skeleton({ className, rounded = true }: { className?: string; rounded?: boolean }) {
  return <div aria-hidden className={cn('animate-pulse bg-night-700/70', rounded && 'rounded-xl', className)} />;
}

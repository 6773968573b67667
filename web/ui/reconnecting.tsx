import { cn } from '@web/lib/cn';
import { Logo } from './logo';

/**
 * "Reconnecting…": what a page (or a part of one) shows while the server cannot be reached. It needs no tap: the
 * part comes back by itself as soon as the server answers. `screen` fills the page; otherwise it sits in its box.
 */
export function Reconnecting({ screen = false, className }: { screen?: boolean; className?: string }) {
  return (
    <div
      role="status"
      className={cn('flex flex-col items-center justify-center px-6 text-center', screen ? 'min-h-dvh' : 'min-h-40 py-8', className)}
    >
      {screen ? <Logo className="mb-5 size-14" /> : null}
      <p className={cn('font-display font-bold tracking-wide', screen ? 'text-2xl' : 'text-lg')}>RECONNECTING…</p>
      <p className="mt-2 max-w-[22rem] text-sm text-muted">
        The game server can't be reached right now. This comes back by itself as soon as it answers.
      </p>
      <span
        className="mt-5 size-6 animate-spin rounded-full border-3 border-night-600 border-t-accent motion-reduce:animate-none"
        aria-hidden
      />
    </div>
  );
}

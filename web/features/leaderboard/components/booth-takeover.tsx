import { Crown } from 'lucide-react';
import { formatScore } from '@contracts/game.rules';
import type { Takeover } from '../hooks/use-booth-moments';

/** "NEW #1": the board's whole panel for a few seconds when somebody takes the lead (never the QR code beside it). */
export function BoothTakeover({ takeover }: { takeover: Takeover }) {
  return (
    <div
      role="status"
      data-testid="new-leader"
      className="booth-takeover absolute inset-0 z-40 flex flex-col items-center justify-center rounded-[3vh] border border-amber-300/40 bg-night-950/95 text-center backdrop-blur"
    >
      <div
        className="pointer-events-none absolute inset-0 bg-[radial-gradient(closest-side,rgb(251_191_36/0.28),transparent)]"
        aria-hidden
      />
      <Crown className="relative size-[16vh] text-amber-300 drop-shadow-[0_0_4vh_rgb(251_191_36/0.6)]" aria-hidden />
      <p className="relative mt-[2vh] text-[4vh] font-extrabold tracking-[0.4em] text-amber-200 uppercase">New #1</p>
      <p className="relative mt-[1vh] max-w-full truncate px-[2vw] font-display text-[11vh] leading-none font-extrabold text-ink">
        {takeover.entry.displayName}
      </p>
      <p className="relative mt-[2vh] bg-gradient-to-r from-amber-200 via-glow to-accent bg-clip-text font-display text-[10vh] leading-none font-extrabold text-transparent tabular-nums">
        {formatScore(takeover.entry.score)}
      </p>
      <p className="relative mt-[3vh] text-[3.2vh] text-muted">Think you can beat that? Scan the code and play.</p>
    </div>
  );
}

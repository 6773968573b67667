import { useEffect, useMemo, useState } from 'react';
import { useReducedMotion } from '@web/ui/use-reduced-motion';

const COLOURS = ['#a78bfa', '#f472b6', '#34d399', '#fbbf24', '#60a5fa', '#f5f3ff'];
const LIFETIME_MS = 4200;

/** How big the party is: nothing below 25 %, a sprinkle when warm, a storm for a great score. */
export function confettiCount(score: number): number {
  if (score < 25) return 0;
  if (score < 50) return 14;
  if (score < 70) return 32;
  if (score < 85) return 56;
  return 90;
}

/**
 * Confetti over the complete screen, scaled to the score; drawn with CSS only and gone after a few seconds. Nothing
 * at all under reduced motion. Decorative: hidden from assistive technology and never in the way of a tap.
 */
export function Celebration({ score }: { score: number }) {
  const reduced = useReducedMotion();
  const [done, setDone] = useState(false);
  const count = reduced ? 0 : confettiCount(score);
  const pieces = useMemo(
    () =>
      Array.from({ length: count }, (_, index) => ({
        left: Math.random() * 100,
        delay: Math.random() * 700,
        duration: 2200 + Math.random() * 1600,
        drift: (Math.random() - 0.5) * 160,
        spin: 360 + Math.random() * 720,
        colour: COLOURS[index % COLOURS.length],
        wide: Math.random() > 0.5,
      })),
    [count],
  );
  useEffect(() => {
    const timer = setTimeout(() => setDone(true), LIFETIME_MS);
    return () => clearTimeout(timer);
  }, []);
  if (count === 0 || done) return null;
  return (
    <div aria-hidden data-testid="celebration" data-pieces={count} className="pointer-events-none fixed inset-0 z-30 overflow-hidden">
      {pieces.map((piece, index) => (
        <span
          key={index}
          className="confetti-piece absolute top-0 block rounded-[2px]"
          style={
            {
              left: `${piece.left}%`,
              width: piece.wide ? 10 : 6,
              height: piece.wide ? 6 : 12,
              background: piece.colour,
              animationDelay: `${piece.delay}ms`,
              animationDuration: `${piece.duration}ms`,
              '--drift': `${piece.drift}px`,
              '--spin': `${piece.spin}deg`,
            } as React.CSSProperties
          }
        />
      ))}
    </div>
  );
}

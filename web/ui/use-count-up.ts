import { useEffect, useState } from 'react';
import { useReducedMotion } from './use-reduced-motion';

/**
 * Counts from 0 up to `target` over `durationMs` (ease-out), for a score that lands with a little drama. Under
 * reduced motion the value is the target straight away. The last frame is always exactly `target`.
 */
export function useCountUp(target: number, durationMs = 1100): number {
  const reduced = useReducedMotion();
  const [value, setValue] = useState(reduced ? target : 0);
  useEffect(() => {
    if (reduced) {
      setValue(target);
      return;
    }
    let frame = 0;
    const started = performance.now();
    const step = (now: number) => {
      const progress = Math.min(1, (now - started) / durationMs);
      const eased = 1 - (1 - progress) ** 3;
      setValue(progress >= 1 ? target : target * eased);
      if (progress < 1) frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame);
  }, [target, durationMs, reduced]);
  return value;
}

import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { cn } from '@web/lib/cn';

/**
 * Text that shrinks until it fits its box (the box must get its size from the layout, e.g. flex-1 min-h-0). Sizes
 * are in vh so a booth TV at 720p, 1080p or 4K lays out the same. Never scrolls, never overflows.
 */
export function FitText({ children, maxVh, minVh, className }: { children: ReactNode; maxVh: number; minVh: number; className?: string }) {
  const box = useRef<HTMLDivElement>(null);
  const text = useRef<HTMLDivElement>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: new children are new text to fit (the trigger, not an input).
  useLayoutEffect(() => {
    const outer = box.current;
    const inner = text.current;
    if (!outer || !inner) return;
    const fit = () => {
      let size = maxVh;
      inner.style.fontSize = `${size}vh`;
      while (size > minVh && (inner.scrollHeight > outer.clientHeight || inner.scrollWidth > outer.clientWidth)) {
        size = Math.max(minVh, size - 0.1);
        inner.style.fontSize = `${size}vh`;
      }
      outer.dataset.fitVh = size.toFixed(1);
    };
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(outer);
    return () => observer.disconnect();
  }, [children, maxVh, minVh]);

  return (
    <div ref={box} className={cn('min-h-0 overflow-hidden', className)}>
      <div ref={text} className="leading-snug break-words">
        {children}
      </div>
    </div>
  );
}

import { useLayoutEffect, useRef } from 'react';

const EASE_OUT = 'cubic-bezier(0.22, 1, 0.36, 1)';

/**
 * FLIP for a list whose rows move: after each render, every row that changed position starts from its old
 * place and glides to its new one; a row that climbed glows briefly and a new row fades in. Rows are found by
 * their `data-flip-key` inside the container (which must be the rows' offset parent: `relative`).
 */
export function useFlip<T extends HTMLElement>(dependency: unknown, durationMs = 700) {
  const container = useRef<T>(null);
  const previous = useRef<Map<string, number> | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the caller's dependency is the trigger (the list it renders changed).
  useLayoutEffect(() => {
    const root = container.current;
    if (!root) return;
    const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    const rows = [...root.querySelectorAll<HTMLElement>('[data-flip-key]')];
    const next = new Map<string, number>();
    for (const row of rows) {
      const key = row.dataset.flipKey!;
      const top = row.offsetTop;
      next.set(key, top);
      if (reduceMotion || !previous.current) continue;
      const before = previous.current.get(key);
      if (before === undefined) {
        row.animate(
          [
            { opacity: 0, transform: 'scale(0.97)' },
            { opacity: 1, transform: 'none' },
          ],
          { duration: durationMs, easing: EASE_OUT },
        );
      } else if (Math.abs(before - top) >= 1) {
        row.animate([{ transform: `translateY(${before - top}px)` }, { transform: 'translateY(0)' }], {
          duration: durationMs,
          easing: EASE_OUT,
        });
        if (top < before) {
          row.animate(
            [{ boxShadow: '0 0 0 2px rgb(244 114 182 / 0.9), 0 0 32px rgb(244 114 182 / 0.45)' }, { boxShadow: '0 0 0 0 transparent' }],
            {
              duration: durationMs * 3,
              easing: 'ease-out',
            },
          );
        }
      }
    }
    previous.current = next;
  }, [dependency, durationMs]);

  return container;
}

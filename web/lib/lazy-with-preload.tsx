import { createElement, lazy, type ComponentType } from 'react';
import { loadWithRetry } from './chunk-recovery';

/**
 * React.lazy with a `preload()` that a caller starts ahead of need. Once loaded, the component renders at once:
 * React.lazy alone suspends on its first render even when the chunk is already there, and React keeps a Suspense
 * fallback up for at least 300 ms once shown.
 * A failed load is retried a few times at once; if it still fails, the error reaches the nearest LazyBoundary, which
 * calls `preload()` again once the server answers (React.lazy remembers its failure, so the component renders the
 * loaded module directly from then on).
 */
export function lazyWithPreload<Props extends object>(load: () => Promise<ComponentType<Props>>) {
  let loaded: ComponentType<Props> | undefined;
  let pending: Promise<ComponentType<Props>> | undefined;
  const preload = () => {
    pending ??= loadWithRetry(load).then(
      (component) => (loaded = component),
      (error: unknown) => {
        pending = undefined; // a dropped connection: the next attempt asks again
        throw error;
      },
    );
    return pending;
  };
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  // biome-ignore lint/correctness/noComponentHookFactories: called once per lazy module at load time, never during a render.
  const Component = (props: Props) => createElement((loaded ?? Lazy) as ComponentType<Props>, props);
  return Object.assign(Component, { preload });
}

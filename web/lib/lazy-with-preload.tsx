import { createElement, lazy, type ComponentType } from 'react';

/**
 * React.lazy with a `preload()` that a caller starts ahead of need. Once loaded, the component renders at once:
 * React.lazy alone suspends on its first render even when the chunk is already there, and React keeps a Suspense
 * fallback up for at least 300 ms once shown.
 */
export function lazyWithPreload<Props extends object>(load: () => Promise<ComponentType<Props>>) {
  let loaded: ComponentType<Props> | undefined;
  let pending: Promise<ComponentType<Props>> | undefined;
  const preload = () => {
    pending ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        pending = undefined; // a dropped connection: the next attempt asks again
        throw error;
      },
    );
    return pending;
  };
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  const Component = (props: Props) => createElement((loaded ?? Lazy) as ComponentType<Props>, props);
  return Object.assign(Component, { preload });
}

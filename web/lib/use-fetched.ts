import { useEffect, useRef, useState } from 'react';

/**
 * A small read for the pages that ship without TanStack Query (the landing page, docs/decisions/020): loads on
 * mount and again when the visitor comes back to the tab. `undefined` until the first answer; a failed read keeps
 * the last answer (these are optional blocks, shown only when there is something to show).
 */
export function useFetched<T>(load: () => Promise<T>): T | undefined {
  const [data, setData] = useState<T>();
  const loadRef = useRef(load);
  loadRef.current = load;
  useEffect(() => {
    let active = true;
    const read = () => {
      loadRef.current().then(
        (value) => active && setData(() => value),
        () => undefined,
      );
    };
    const onVisible = () => document.visibilityState === 'visible' && read();
    read();
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      active = false;
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, []);
  return data;
}

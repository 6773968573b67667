import { LRUCache } from 'lru-cache';

/**
 * `compute`, remembered per key: each key is worked out once while it is among the last `limit` keys used (the least
 * recently used is forgotten first). For what depends on a prompt alone and is asked again for every guess at it.
 */
export function memoizeBounded<T extends {}>(limit: number, compute: (key: string) => T): (key: string) => T {
  const known = new LRUCache<string, T>({ max: limit });
  return (key) => {
    let value = known.get(key);
    if (value === undefined) known.set(key, (value = compute(key)));
    return value;
  };
}

/**
 * `compute`, remembered per key: each key is worked out once while it is among the last `limit` keys stored (the
 * oldest is forgotten first). For what depends on a prompt alone and is asked again for every guess at it.
 */
export function memoizeBounded<T>(limit: number, compute: (key: string) => T): (key: string) => T {
  const known = new Map<string, T>();
  return (key) => {
    if (known.has(key)) return known.get(key)!;
    const value = compute(key);
    if (known.size >= limit) known.delete(known.keys().next().value!);
    known.set(key, value);
    return value;
  };
}

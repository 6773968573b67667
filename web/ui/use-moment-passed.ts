import { useEffect, useState } from 'react';

/**
 * Whether `moment` (ISO 8601; null: never) has passed on this screen's clock. A moment still ahead turns true when it
 * comes, with no new data needed (a countdown's end).
 */
export function useMomentPassed(moment: string | null | undefined): boolean {
  const at = moment ? Date.parse(moment) : null;
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (at === null) return;
    const left = at - Date.now();
    if (left <= 0) return;
    // setTimeout's longest delay is about 24.8 days; a lock is hours ahead at most.
    const timer = setTimeout(() => setNow(Date.now()), Math.min(left + 50, 2_000_000_000));
    return () => clearTimeout(timer);
  }, [at]);
  return at !== null && at <= Math.max(now, Date.now());
}

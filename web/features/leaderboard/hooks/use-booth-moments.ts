import { useEffect, useRef, useState } from 'react';
import type { LeaderboardBoard, LeaderboardEntry } from '@contracts/leaderboard';

export const TAKEOVER_MS = 8000;
/** Nothing happened for this long: the booth starts its attract loop (override with /booth?attract=<seconds>). */
export const DEFAULT_IDLE_MS = 45_000;

export interface Takeover {
  key: string;
  entry: LeaderboardEntry;
}

/**
 * The booth's moments, derived from the live board: a "new #1" takeover when an update changes who leads (not on the
 * first snapshot), which finishes are new since the screen opened, and whether the screen has been idle long enough
 * for the attract loop.
 */
export function useBoothMoments(board: LeaderboardBoard | null, idleMs: number) {
  const [takeover, setTakeover] = useState<Takeover | null>(null);
  const [idle, setIdle] = useState(false);
  const [freshIds, setFreshIds] = useState<ReadonlySet<string>>(new Set());
  const leaderKey = useRef<string | null | undefined>(undefined);
  const seenFinishes = useRef<Set<string> | null>(null);

  useEffect(() => {
    if (!board) return;
    const leader = board.entries.find((entry) => entry.score > 0) ?? null;
    const previousLeader = leaderKey.current;
    leaderKey.current = leader?.key ?? null;
    // undefined: the first board of this screen, which is not a moment.
    // On the podium the host is announcing: no takeover over it. After the final whistle the lead is settled (the
    // board counts no later game; a leader changing then is an organizer's unlock or moderation, not a moment).
    const final = board.booth?.resultsLockAt ? Date.parse(board.booth.resultsLockAt) <= Date.now() : false;
    if (previousLeader !== undefined && leader && leader.key !== previousLeader && board.booth?.mode !== 'podium' && !final) {
      setTakeover({ key: `${leader.key}:${leader.score}`, entry: leader });
    }
    const ids = [...board.finishes.map((finish) => finish.id), ...(board.starts ?? []).map((start) => start.id)];
    if (seenFinishes.current) {
      const seen = seenFinishes.current;
      const fresh = ids.filter((id) => !seen.has(id));
      if (fresh.length > 0) setFreshIds(new Set(fresh));
    }
    seenFinishes.current = new Set([...(seenFinishes.current ?? []), ...ids]);
  }, [board]);

  useEffect(() => {
    if (!takeover) return;
    const timer = setTimeout(() => setTakeover(null), TAKEOVER_MS);
    return () => clearTimeout(timer);
  }, [takeover]);

  // Any change on the board wakes the screen; quiet for idleMs starts the attract loop.
  // biome-ignore lint/correctness/useExhaustiveDependencies: each new board is the trigger, not an input.
  useEffect(() => {
    setIdle(false);
    const timer = setTimeout(() => setIdle(true), idleMs);
    return () => clearTimeout(timer);
  }, [board, idleMs]);

  return { takeover, idle, freshIds };
}

/** /booth?attract=10 shortens the wait before the attract loop (for a quick check at set-up). */
export function idleMsFromLocation(search: string): number {
  const seconds = Number(new URLSearchParams(search).get('attract'));
  return Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : DEFAULT_IDLE_MS;
}

import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { MyRank } from '@contracts/leaderboard';
import { myRankQueryOptions } from '../api/get-my-rank';

const STORAGE_PREFIX = 'gg:rank-before:';
const KEEP = 5;

export interface RankBefore {
  rank: number | null;
  score: number | null;
}

/** The player's standing when this challenge began (from their last game), kept per attempt across reloads. */
export function readRankBefore(attemptId: string): RankBefore | null {
  try {
    const raw = localStorage.getItem(STORAGE_PREFIX + attemptId);
    return raw ? (JSON.parse(raw) as RankBefore) : null;
  } catch {
    return null;
  }
}

function store(attemptId: string, standing: MyRank) {
  try {
    const keys = Object.keys(localStorage).filter((key) => key.startsWith(STORAGE_PREFIX));
    // Only the last few games matter: old entries go.
    for (const key of keys.slice(0, Math.max(0, keys.length - KEEP + 1))) localStorage.removeItem(key);
    localStorage.setItem(STORAGE_PREFIX + attemptId, JSON.stringify({ rank: standing.rank, score: standing.score } satisfies RankBefore));
  } catch {
    // Private mode or a full store: the complete screen then shows the rank without its movement.
  }
}

/**
 * For the route to call when a game opens (started or resumed): remembers the player's rank before this game, so
 * the complete screen can say "up 3 places". Once per attempt: a resume keeps the first value.
 */
export function useRememberRankBeforeGame() {
  const queryClient = useQueryClient();
  return useCallback(
    (attemptId: string) => {
      if (readRankBefore(attemptId)) return;
      void queryClient
        .fetchQuery({ ...myRankQueryOptions(), staleTime: 10_000 })
        .then((standing) => {
          if (!readRankBefore(attemptId)) store(attemptId, standing);
        })
        .catch(() => undefined);
    },
    [queryClient],
  );
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { NextChallengeResponse } from '@contracts/game';
import { api } from '@web/lib/api-client';
import { preloadImageAhead } from '@web/lib/preload-image';
import { gameKeys } from './game-query-keys';
import { apiPaths } from '@contracts/api-paths';

/** The image the player's next START will show (the server chooses it ahead and keeps it until then), or null. */
export const getNextChallenge = () => api<NextChallengeResponse>(apiPaths.gameNext);

export const nextChallengeQueryOptions = () =>
  queryOptions({
    queryKey: gameKeys.nextChallenge(),
    queryFn: getNextChallenge,
    // Only a head start: a failed check costs nothing but the early download.
    retry: 1,
  });

/**
 * While START CHALLENGE or NEW CHALLENGE can be tapped (`showsStart`), downloads the image that START will show,
 * so it comes from the cache right after the tap instead of a second slow round trip (docs/decisions/023).
 * `ask` may start the question earlier (the page's HTML preloads it) without downloading the image yet.
 */
export function usePreloadNextChallenge({ ask, showsStart }: { ask: boolean; showsStart: boolean }) {
  const next = useQuery({ ...nextChallengeQueryOptions(), enabled: ask || showsStart });
  // Not from an answer START has made stale (that image is the game just started): wait for the fresh one.
  const imageUrl = showsStart && !next.isStale ? next.data?.next?.imageUrl : undefined;
  useEffect(() => preloadImageAhead(imageUrl), [imageUrl]);
}

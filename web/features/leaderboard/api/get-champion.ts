import type { ChampionResponse } from '@contracts/leaderboard';
import { api } from '@web/lib/api-client';
import { useFetched } from '@web/lib/use-fetched';
import { apiPaths } from '@contracts/api-paths';

export const getChampion = async () => (await api<ChampionResponse>(apiPaths.leaderboardChampion)).champion;

/**
 * The landing page's read of the champion: outside the query cache, since that page ships without TanStack Query
 * (docs/decisions/020). The cached query for /play's strategy editor is in champion-query.ts.
 */
export const useChampionSnapshot = () => useFetched(getChampion);

import { useQuery } from '@tanstack/react-query';
import type { BoardCountsPreview } from '@contracts/admin-leaderboard';
import type { BoardCounts } from '@contracts/leaderboard.rules';
import { api } from '@web/lib/api-client';
import { eventKeys } from './event-query-keys';
import { apiPaths, withQuery } from '@contracts/api-paths';

export const getBoardCountsPreview = (boardCounts: BoardCounts) =>
  api<BoardCountsPreview>(withQuery(apiPaths.adminBoardCountsPreview, { boardCounts }));

/** What switching which game counts would do to the board, read fresh each time the organizer asks (null: not asked). */
export const useBoardCountsPreview = (boardCounts: BoardCounts | null) =>
  useQuery({
    queryKey: [...eventKeys.all, 'board-counts-preview', boardCounts],
    queryFn: () => getBoardCountsPreview(boardCounts!),
    enabled: boardCounts !== null,
    staleTime: 0,
    gcTime: 0,
  });

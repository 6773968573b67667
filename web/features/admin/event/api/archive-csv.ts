import { WINNERS_MAX_TOP } from '@contracts/admin.rules';

/** GET /api/admin/winners.csv?archive=id: an archived board's winners as CSV (a plain download with the session cookie). */
export const archiveCsvUrl = (archiveId: number, top: number = WINNERS_MAX_TOP) =>
  `/api/admin/winners.csv?${new URLSearchParams({ top: String(top), archive: String(archiveId) })}`;

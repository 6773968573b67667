import { WINNERS_MAX_TOP } from '@contracts/admin.rules';
import { apiPaths, withQuery } from '@contracts/api-paths';

/** GET /api/admin/winners.csv?archive=id: an archived board's winners as CSV (a plain download with the session cookie). */
export const archiveCsvUrl = (archiveId: number, top: number = WINNERS_MAX_TOP) =>
  withQuery(apiPaths.adminWinnersCsv, { top, archive: archiveId });

/** GET /api/admin/winners.csv?top=N: the current board's top N as CSV, a plain download (the browser sends the session cookie). */
import { apiPaths, withQuery } from '@contracts/api-paths';
export const winnersCsvUrl = (top: number) => withQuery(apiPaths.adminWinnersCsv, { top });

/** GET /api/admin/winners.csv?top=N: the current board's top N as CSV, a plain download (the browser sends the session cookie). */
export const winnersCsvUrl = (top: number) => `/api/admin/winners.csv?${new URLSearchParams({ top: String(top) })}`;

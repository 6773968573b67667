/** GET /api/admin/winners.csv?top=N[&archive=id]: a plain download (the browser sends the session cookie). */
export const winnersCsvUrl = (top: number, archiveId?: string) => {
  const params = new URLSearchParams({ top: String(top) });
  if (archiveId) params.set('archive', archiveId);
  return `/api/admin/winners.csv?${params}`;
};

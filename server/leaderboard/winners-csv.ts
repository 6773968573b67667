/** The winners' contact export as CSV that spreadsheet software opens safely and with accents intact. */
import { WINNERS_CSV_COLUMNS } from '@contracts/admin-leaderboard';

export interface WinnerRow {
  rank: number;
  displayName: string;
  score: number;
  email: string | null;
  phone: string | null;
  completedAt: string;
}

/** UTF-8 byte order mark: Excel reads the file as UTF-8 only with it. */
export const UTF8_BOM = '\uFEFF';

/**
 * One CSV field. A value starting with = + - @ tab or CR could run as a formula in a spreadsheet (CSV injection):
 * it gets a leading apostrophe, which spreadsheets show as text. Fields with separators, quotes or line breaks
 * are quoted, quotes doubled.
 */
export function csvField(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function winnersCsv(rows: WinnerRow[]): string {
  const lines = [WINNERS_CSV_COLUMNS.join(',')];
  for (const row of rows) {
    lines.push([row.rank, row.displayName, row.score.toFixed(1), row.email, row.phone, row.completedAt].map(csvField).join(','));
  }
  return `${UTF8_BOM}${lines.join('\r\n')}\r\n`;
}

/** The winners' contact export as CSV that spreadsheet software opens safely and with accents intact. */
import { WINNERS_CSV_COLUMNS } from '@contracts/admin-leaderboard';
import { PHONE_NUMBER_PATTERN } from '@contracts/game.rules';

export interface WinnerRow {
  rank: number;
  displayName: string;
  score: number;
  guessesUsed: number | null;
  thinkingSeconds: number | null;
  email: string | null;
  phone: string | null;
  completedAt: string;
}

/** UTF-8 byte order mark: Excel reads the file as UTF-8 only with it. */
export const UTF8_BOM = '\uFEFF';

/**
 * Where a spreadsheet may start reading a cell: the start of the value, and after any separator some reader splits
 * on. The file uses commas, but Excel and LibreOffice in German, French and other locales split on ';' (and a paste
 * splits on tabs and lines). A cell starting with = + - @ (after spaces or quote marks) runs as a formula.
 */
const CELL_START_BEFORE_FORMULA = /(^|[,;\t\r\n])([\s"]*)(?=[=+\-@])/g;

/**
 * One CSV field. Every place a cell could start with a formula (CSV injection) gets an apostrophe, which
 * spreadsheets show as text; a value starting with tab or CR gets one too. Fields with separators (',' and ';'),
 * quotes, tabs or line breaks are quoted, quotes doubled.
 */
export function csvField(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string') {
    text = text.replace(CELL_START_BEFORE_FORMULA, "$1$2'");
    if (/^[\t\r]/.test(text)) text = `'${text}`;
  }
  return quoted(text);
}

const quoted = (text: string) => (/[",;\t\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);

/**
 * A phone number as saved: one that passes the input rule (digits, spaces, + - ( )) is written as typed, so an
 * organizer can copy it to dial; such text can do nothing as a formula. Anything else (saved before the rule) is
 * neutralised like any other field.
 */
export function csvPhoneField(phone: string | null): string {
  if (phone === null) return '';
  return PHONE_NUMBER_PATTERN.test(phone) ? quoted(phone) : csvField(phone);
}

/**
 * An instant as local time in `timeZone` with its offset, ISO 8601 ("2026-11-26T14:05:03+01:00"): what the organizer's
 * clock said, and still one exact instant for a spreadsheet.
 */
export function isoInTimeZone(iso: string, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
      timeZoneName: 'longOffset',
    })
      .formatToParts(new Date(iso))
      .map((part) => [part.type, part.value]),
  );
  const offset = parts.timeZoneName === 'GMT' ? '+00:00' : parts.timeZoneName.replace('GMT', '');
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}${offset}`;
}

/** The CSV; times in `timeZone` (the event's) when given, else as stored (UTC). */
export function winnersCsv(rows: WinnerRow[], timeZone?: string): string {
  const lines = [WINNERS_CSV_COLUMNS.join(',')];
  for (const row of rows) {
    const fields = [
      csvField(row.rank),
      csvField(row.displayName),
      csvField(row.score.toFixed(1)),
      csvField(row.guessesUsed),
      csvField(row.thinkingSeconds === null ? null : row.thinkingSeconds.toFixed(1)),
      csvField(row.email),
      csvPhoneField(row.phone),
      csvField(timeZone ? isoInTimeZone(row.completedAt, timeZone) : row.completedAt),
    ];
    lines.push(fields.join(','));
  }
  return `${UTF8_BOM}${lines.join('\r\n')}\r\n`;
}

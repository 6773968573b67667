/** "26 Nov, 14:05" in the viewer's language and time zone: when something happened, in the console's tables and lists. */
const shortDateTime = new Intl.DateTimeFormat(undefined, {
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** A moment (ISO string or Date) as a short date and time; '—' for none. */
export const formatShortDateTime = (value: string | Date | null) => (value === null ? '—' : shortDateTime.format(new Date(value)));

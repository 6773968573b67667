import { bigint, index, integer, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * Rate-limit and backoff counters shared by every instance on the database (server/limits). Times are epoch
 * milliseconds from the app's clock, so tests can move time without sleeping.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    /** `<rule>:<what it is keyed on>`, e.g. `signup-addr:203.0.113.5` or `guess-user:<user id>`. */
    key: text('key').primaryKey(),
    /** The player the row is about (user id or lower-cased e-mail), so deleting a player can forget it. */
    subject: text('subject'),
    count: integer('count').notNull(),
    /** The counting window ends here; the next hit after it starts a new window. */
    windowEndsAt: bigint('window_ends_at', { mode: 'number' }).notNull(),
    /** Backoff rows: refused until then. */
    blockedUntil: bigint('blocked_until', { mode: 'number' }),
  },
  (table) => [index('rate_limit_counters_subject_idx').on(table.subject), index('rate_limit_counters_window_idx').on(table.windowEndsAt)],
);

import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** Mails captured instead of sent when no SMTP_URL is configured (viewable at /dev/mail). */
export const capturedMail = pgTable('captured_mail', {
  id: serial('id').primaryKey(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One row (id = 1): the organizer's switches for the running event. */
export const eventSettings = pgTable('event_settings', {
  id: integer('id').primaryKey().default(1),
  isOpen: boolean('is_open').notNull().default(true),
  allowPromptReuse: boolean('allow_prompt_reuse').notNull().default(false),
  /** New challenges one player may start during the event (null = no cap). Bounds how fast accounts drain the pool. */
  maxChallengesPerPlayer: integer('max_challenges_per_player'),
  /** Seconds a player must wait between starting two challenges (0 = no wait; default 10, unnoticeable in real play). */
  minSecondsBetweenChallenges: integer('min_seconds_between_challenges').notNull().default(10),
  /** Only challenges completed after this count on the leaderboard (set by a reset). */
  leaderboardSince: timestamp('leaderboard_since', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A leaderboard as it stood when an organizer reset it. */
export const leaderboardArchives = pgTable('leaderboard_archives', {
  id: serial('id').primaryKey(),
  archivedAt: timestamp('archived_at', { withTimezone: true }).notNull().defaultNow(),
  /**
   * The ranked rows as they stood: [{rank, userId, displayName, score, completedAt}]. Contact data is not copied:
   * the winners export joins it live, and deleting a player removes their rows here too.
   */
  entries: jsonb('entries').notNull(),
  /** An organizer's name for the session ("Tuesday morning"). */
  label: text('label'),
  /** The board covered challenges completed after this, up to archivedAt. */
  since: timestamp('since', { withTimezone: true }),
  entryCount: integer('entry_count').notNull().default(0),
});

/**
 * Mail waiting to be sent over SMTP (issue 12.5): requests only insert here, a worker in every instance sends with
 * retries and backoff (rows claimed with FOR UPDATE SKIP LOCKED and a lease), and deletes a row once it is sent.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** A worker holds the row until then; a crashed worker's rows become due again afterwards. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('mail_outbox_due_idx').on(table.nextAttemptAt)],
);

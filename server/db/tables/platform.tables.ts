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
  /** Which of a player's games holds their board entry: 'latest' (the default: a new game replaces it) or 'best'. */
  boardCounts: text('board_counts').notNull().default('latest'),
  /** IANA time zone of the event (exports write times in it); null: the server's. */
  timeZone: text('time_zone'),
  /** Players may start before confirming their e-mail; their scores join the public board once they confirm. */
  playBeforeConfirming: boolean('play_before_confirming').notNull().default(false),
  /** Only challenges completed after this count on the leaderboard (set by a reset). */
  leaderboardSince: timestamp('leaderboard_since', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One row (id = 1): what every booth screen shows, chosen by the organizer (a missing row is the live board). A
 * change is announced on the leaderboard channel, so every instance's open booths follow within a second.
 */
export const boothDisplay = pgTable('booth_display', {
  id: integer('id').primaryKey().default(1),
  /** 'board' | 'countdown' | 'podium' | 'message' (BOOTH_MODES). */
  mode: text('mode').notNull().default('board'),
  countdownTo: timestamp('countdown_to', { withTimezone: true }),
  message: text('message'),
  podiumRevealed: integer('podium_revealed').notNull().default(0),
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
 * Mail waiting to be sent over SMTP (docs/decisions/010): requests only insert here, a worker in every instance sends with
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

/**
 * Facts every instance of one deployment must agree on, checked at start-up (server/deployment-checks.ts): today the
 * fingerprint of BETTER_AUTH_SECRET, so an instance started with another secret is refused instead of silently
 * rejecting the sessions the others signed.
 */
export const deploymentFacts = pgTable('deployment_facts', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

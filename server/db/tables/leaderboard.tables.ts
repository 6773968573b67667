import { integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

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

import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The organizer's moderation blocklist: words refused in display names and the champion's strategy on top of the
 * built-in lists. Never sent to players. `term` is stored as the organizer typed it (trimmed, lower case).
 */
export const moderationTerms = pgTable('moderation_terms', {
  term: text('term').primaryKey(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

import { boolean, index, pgTable, text, timestamp, uniqueIndex, uuid, varchar, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { user } from './auth.tables';
import { challenges } from './challenges.tables';

export const profiles = pgTable(
  'profiles',
  {
    id: text('id')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    displayName: varchar('display_name', { length: 20 }),
    /**
     * The display name as the booth TV shows it to a human: case, look-alike letters, accents and spacing folded
     * (players/public-text.ts displayNameKey). Unique, so no one can take a name that looks like another's.
     */
    displayNameKey: text('display_name_key'),
    phoneNumber: text('phone_number'),
    /** Hidden by an organizer: left out of every public board. */
    hidden: boolean('hidden').notNull().default(false),
    /** The winner's strategy, shown on the landing page while this player is #1. */
    strategy: varchar('strategy', { length: 280 }),
    strategyUpdatedAt: timestamp('strategy_updated_at', { withTimezone: true }),
    /**
     * The challenge this player's next START hands out when it is still claimable (GET /api/game/next shows its
     * image ahead, so the phone downloads it before START): chosen on first ask, kept until they START. Not a hold:
     * anyone's START may still claim it, and then a new one is chosen (docs/decisions/023).
     */
    nextChallengeId: uuid('next_challenge_id').references((): AnyPgColumn => challenges.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('profiles_display_name_key_unique').on(table.displayNameKey),
    index('profiles_next_challenge_idx').on(table.nextChallengeId),
  ],
);

/**
 * The organizer's moderation blocklist: words refused in display names and the champion's strategy on top of the
 * built-in lists. Never sent to players. `term` is stored as the organizer typed it (trimmed, lower case).
 */
export const moderationTerms = pgTable('moderation_terms', {
  term: text('term').primaryKey(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

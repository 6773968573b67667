import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, type AnyPgColumn, pgTable, real, text, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { user } from './auth.tables';

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

export const challenges = pgTable(
  'challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Storage key of the served image: random, says nothing about the prompt. */
    imageKey: text('image_key').notNull().unique(),
    prompt: text('prompt').notNull(),
    /** sha256 of (image bytes, prompt): re-importing a pack adds nothing twice. */
    contentHash: text('content_hash').notNull().unique(),
    promptEmbedding: jsonb('prompt_embedding').$type<number[]>(),
    /** Embeddings of the prompt's views (leading clause, what the picture shows) by prepared text; null: not yet made. */
    promptViews: jsonb('prompt_views').$type<Record<string, number[]>>(),
    embedderId: text('embedder_id'),
    disabled: boolean('disabled').notNull().default(false),
    /** Set when the prompt has been handed out and reuse across players is off. */
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    source: text('source'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('challenges_unclaimed_idx').on(table.claimedAt, table.disabled)],
);

export const attempts = pgTable(
  'attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    challengeId: uuid('challenge_id')
      .notNull()
      .references(() => challenges.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    guess1: text('guess_1'),
    guess2: text('guess_2'),
    guess3: text('guess_3'),
    score1: real('score_1'),
    score2: real('score_2'),
    score3: real('score_3'),
    finalScore: real('final_score'),
    /** When guesses 1 and 2 were made (guess 3's time is completed_at): the console's "guesses in the last 5 minutes". */
    guess1At: timestamp('guess_1_at', { withTimezone: true }),
    guess2At: timestamp('guess_2_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /**
     * The idempotency key the client sent with each guess (a random id it keeps until it sees an answer): a resend of
     * a stored guess (its answer was lost with a connection or an instance) gets the stored result, not SLOT_TAKEN.
     */
    guess1Key: text('guess_1_key'),
    guess2Key: text('guess_2_key'),
    guess3Key: text('guess_3_key'),
  },
  (table) => [
    index('attempts_user_created_idx').on(table.userId, table.createdAt),
    index('attempts_completed_idx').on(table.completedAt),
    // A player never gets the same prompt twice, even when reuse across players is allowed.
    uniqueIndex('attempts_user_challenge_unique').on(table.userId, table.challengeId),
    // At most one unfinished attempt per player: two concurrent starts cannot both succeed.
    uniqueIndex('attempts_one_unfinished_per_user').on(table.userId).where(sql`guess_3 is null`),
  ],
);

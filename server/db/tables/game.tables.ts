import { sql } from 'drizzle-orm';
import { index, pgTable, real, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth.tables';
import { challenges } from './challenges.tables';

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
    uniqueIndex('attempts_one_unfinished_per_user').on(table.userId).where(sql`completed_at is null`),
  ],
);

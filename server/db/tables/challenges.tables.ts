import { boolean, index, integer, jsonb, pgTable, real, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth.tables';

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
    /** Mean score of short, natural descriptions of the prompt (scoring/difficulty.ts), set where it is embedded; null: older row. */
    difficulty: real('difficulty'),
    disabled: boolean('disabled').notNull().default(false),
    /** Set when the prompt has been handed out and reuse across players is off. */
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    source: text('source'),
    /**
     * Practice (the starter pack, whose prompts are public in the repo): scored for the player, left out of the board,
     * the podium and the winners' export unless event_settings.practice_counts.
     */
    practice: boolean('practice').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('challenges_unclaimed_idx').on(table.claimedAt, table.disabled)],
);

/**
 * Image keys written to storage whose challenge rows are not committed yet (an import or generation in flight).
 * The committing transaction deletes its keys; entries left behind by a crash name orphan images to sweep.
 */
export const pendingImages = pgTable(
  'pending_images',
  {
    imageKey: text('image_key').primaryKey(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('pending_images_created_idx').on(table.createdAt)],
);

/** A generation run started from the console: a list of prompts sent to one image provider. Durable: see items. */
export const generationRuns = pgTable('generation_runs', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** 'openai' | 'automatic1111' (GENERATION_PROVIDERS in contracts/admin-challenges.rules.ts). */
  provider: text('provider').notNull(),
  createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** Set when the last item ended (generated or failed). */
  finishedAt: timestamp('finished_at', { withTimezone: true }),
  /** Its challenges join the pool disabled and reach players only once approved in the review grid. */
  holdForReview: boolean('hold_for_review').notNull().default(false),
});

/**
 * One prompt of a run: a job row claimed with FOR UPDATE SKIP LOCKED under a lease (locked_until). A worker that dies
 * leaves its lease to expire and another claims the item again; only the lease holder (locked_by) may finish it.
 */
export const generationItems = pgTable(
  'generation_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    runId: uuid('run_id')
      .notNull()
      .references(() => generationRuns.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    prompt: text('prompt').notNull(),
    /** 'queued' | 'running' | 'generated' | 'failed' */
    status: text('status').notNull().default('queued'),
    tries: integer('tries').notNull().default(0),
    nextTryAt: timestamp('next_try_at', { withTimezone: true }).notNull().defaultNow(),
    lockedBy: text('locked_by'),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /** The provider's reason for the last failure. */
    error: text('error'),
    challengeId: uuid('challenge_id').references(() => challenges.id, { onDelete: 'set null' }),
    imageKey: text('image_key'),
    /** The organizer's review of the generated image: null (not yet), 'approved' or 'rejected'. */
    review: text('review'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('generation_items_run_idx').on(table.runId, table.position),
    index('generation_items_claim_idx').on(table.status, table.nextTryAt),
  ],
);

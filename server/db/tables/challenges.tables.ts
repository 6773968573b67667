import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth.tables';
import { challenges } from './game.tables';

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
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('generation_items_run_idx').on(table.runId, table.position),
    index('generation_items_claim_idx').on(table.status, table.nextTryAt),
  ],
);

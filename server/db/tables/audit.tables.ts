import { index, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { user } from './auth.tables';

/**
 * Every organizer action (who, what, when, on whom), newest first by id. When a player is deleted, the rows about
 * them keep their id (it names nobody) but lose the label and details (their personal data).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** The organizer (null for a command-line action, or once that account is deleted). */
    actorId: text('actor_id').references(() => user.id, { onDelete: 'set null' }),
    /** The organizer's e-mail at the time, or 'command line'. */
    actorLabel: text('actor_label'),
    action: text('action').notNull(),
    targetId: text('target_id'),
    targetLabel: text('target_label'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
  },
  (table) => [index('audit_log_target_idx').on(table.targetId), index('audit_log_actor_idx').on(table.actorId)],
);

import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** Mails captured instead of sent when no SMTP_URL is configured (viewable at /dev/mail). */
export const capturedMail = pgTable('captured_mail', {
  id: serial('id').primaryKey(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
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

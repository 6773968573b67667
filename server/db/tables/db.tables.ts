import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

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

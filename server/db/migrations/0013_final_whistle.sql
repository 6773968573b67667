ALTER TABLE "challenges" ADD COLUMN "practice" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "event_settings" ADD COLUMN "results_locked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "event_settings" ADD COLUMN "practice_counts" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- The starter pack shipped in the repo is practice: its challenges are known by their source.
UPDATE "challenges" SET "practice" = true WHERE "source" LIKE 'starter pack (built in):%';

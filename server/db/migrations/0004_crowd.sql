CREATE TABLE "rate_limit_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"subject" text,
	"count" integer NOT NULL,
	"window_ends_at" bigint NOT NULL,
	"blocked_until" bigint
);
--> statement-breakpoint
ALTER TABLE "event_settings" ALTER COLUMN "min_seconds_between_challenges" SET DEFAULT 10;--> statement-breakpoint
CREATE INDEX "rate_limit_counters_subject_idx" ON "rate_limit_counters" USING btree ("subject");--> statement-breakpoint
CREATE INDEX "rate_limit_counters_window_idx" ON "rate_limit_counters" USING btree ("window_ends_at");
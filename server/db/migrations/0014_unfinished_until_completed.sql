DROP INDEX "attempts_one_unfinished_per_user";--> statement-breakpoint
-- Hand-written: an attempt is unfinished until it is completed (3 guesses, or a 100 % guess). Any attempt with its
-- third guess but no completion time gets one first, so it can never count as unfinished.
UPDATE "attempts" SET "completed_at" = coalesce("guess_2_at", "created_at") WHERE "guess_3" IS NOT NULL AND "completed_at" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "attempts_one_unfinished_per_user" ON "attempts" USING btree ("user_id") WHERE completed_at is null;
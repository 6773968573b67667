ALTER TABLE "profiles" ADD COLUMN "next_challenge_id" uuid;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_next_challenge_id_challenges_id_fk" FOREIGN KEY ("next_challenge_id") REFERENCES "public"."challenges"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "profiles_next_challenge_idx" ON "profiles" USING btree ("next_challenge_id");
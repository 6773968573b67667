ALTER TABLE "generation_items" ADD COLUMN "review" text;--> statement-breakpoint
ALTER TABLE "generation_runs" ADD COLUMN "hold_for_review" boolean DEFAULT false NOT NULL;
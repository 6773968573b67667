CREATE TABLE "deployment_facts" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "attempts" ADD COLUMN "guess_1_key" text;--> statement-breakpoint
ALTER TABLE "attempts" ADD COLUMN "guess_2_key" text;--> statement-breakpoint
ALTER TABLE "attempts" ADD COLUMN "guess_3_key" text;
CREATE TABLE "booth_display" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"mode" text DEFAULT 'board' NOT NULL,
	"countdown_to" timestamp with time zone,
	"message" text,
	"podium_revealed" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "event_settings" ADD COLUMN "time_zone" text;
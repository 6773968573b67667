CREATE TABLE "consumed_auth_token" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"consumed_at" timestamp with time zone DEFAULT now() NOT NULL
);

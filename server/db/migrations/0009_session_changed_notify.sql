-- Every instance keeps signed-in sessions in a short-lived memory cache (server/auth/session-cache.ts). Any change
-- to a session or its user, by any code path or instance (sign-out, password reset, deletion, a role change),
-- tells every instance to forget that user's cached sessions at once.
CREATE OR REPLACE FUNCTION "notify_session_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('session_changed', to_jsonb(OLD) ->> TG_ARGV[0]);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "session_changed" AFTER UPDATE OR DELETE ON "session" FOR EACH ROW EXECUTE FUNCTION "notify_session_changed"('user_id');--> statement-breakpoint
CREATE TRIGGER "user_changed" AFTER UPDATE OR DELETE ON "user" FOR EACH ROW EXECUTE FUNCTION "notify_session_changed"('id');

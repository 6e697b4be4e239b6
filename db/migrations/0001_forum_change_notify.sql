-- Any change to what the forum pages show (topics, posts, an author's name) is announced on the channel
-- "forum_changed" when its transaction commits: each server process clears its cache of signed-out visitors'
-- forum pages (app/forum/page-cache.server.ts). Statement-level triggers: one notification per statement, and
-- PostgreSQL folds identical notifications of one transaction into one.
CREATE FUNCTION "notify_forum_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('forum_changed', TG_TABLE_NAME);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "forum_topics_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "forum_topics"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_forum_changed"();--> statement-breakpoint
CREATE TRIGGER "forum_posts_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "forum_posts"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_forum_changed"();--> statement-breakpoint
CREATE TRIGGER "users_username_changed" AFTER UPDATE OF "username" OR DELETE OR TRUNCATE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_forum_changed"();

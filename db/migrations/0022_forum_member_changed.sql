-- custom SQL (keep when regenerating)
-- Any change to a member's own forum state (read marks, notifications, likes, bookmarks, watch levels, "mark all
-- read") is announced on the channel "forum_member_changed" when its transaction commits, with the member ids it
-- touched, space-separated, or "*" when too many to name (or on TRUNCATE): each server process forgets what its
-- member templates remembered of those members (app/forum/page-cache.server.tsx, decision 460). Statement-level
-- triggers over the statement's transition tables, as migration 0007's for visitors; every table keys its member by
-- "user_id". A transition table is allowed only on a trigger for one event, hence one trigger per event.
CREATE FUNCTION "notify_forum_member_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids text;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('forum_member_changed', '*');
    RETURN NULL;
  ELSIF TG_OP = 'INSERT' THEN
    SELECT string_agg(DISTINCT "user_id"::text, ' ') INTO ids FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT string_agg(DISTINCT "user_id"::text, ' ') INTO ids FROM old_rows;
  ELSE
    SELECT string_agg(DISTINCT "user_id"::text, ' ') INTO ids
      FROM (SELECT "user_id" FROM old_rows UNION SELECT "user_id" FROM new_rows) AS changed;
  END IF;
  IF ids IS NOT NULL THEN
    -- A notification's payload must stay under 8000 bytes: past that, everyone is forgotten.
    PERFORM pg_notify('forum_member_changed', CASE WHEN octet_length(ids) > 7000 THEN '*' ELSE ids END);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['forum_topic_reads', 'forum_notifications', 'forum_post_likes', 'forum_bookmarks',
    'forum_topic_watches', 'forum_category_watches']
  LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows '
      'FOR EACH STATEMENT EXECUTE FUNCTION "notify_forum_member_changed"()', t || '_member_inserted', t);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows '
      'FOR EACH STATEMENT EXECUTE FUNCTION "notify_forum_member_changed"()', t || '_member_updated', t);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows '
      'FOR EACH STATEMENT EXECUTE FUNCTION "notify_forum_member_changed"()', t || '_member_deleted', t);
    EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I '
      'FOR EACH STATEMENT EXECUTE FUNCTION "notify_forum_member_changed"()', t || '_member_truncated', t);
  END LOOP;
END;
$$;
--> statement-breakpoint
-- "Mark all read" moves the member's read-since: what is new to them changes.
CREATE FUNCTION "notify_forum_reader_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('forum_member_changed', NEW."id"::text);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "users_forum_read_since_changed" AFTER UPDATE OF "forum_read_since" ON "users"
  FOR EACH ROW WHEN (OLD."forum_read_since" IS DISTINCT FROM NEW."forum_read_since")
  EXECUTE FUNCTION "notify_forum_reader_changed"();

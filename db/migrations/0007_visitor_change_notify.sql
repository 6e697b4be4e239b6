-- Any change to what a returning visitor's kept pages show of them (their saved preferences, their saved angel
-- readings) is announced on the channel "visitor_changed" when its transaction commits, with the visitor ids it
-- touched, space-separated (ids are UUIDs), or "*" when too many to name (or on TRUNCATE): each server process
-- forgets what it remembered of those visitors (app/utils/visitor-memo.server.ts, decision 128). Statement-level
-- triggers over the statement's transition tables: one notification per statement, however many rows it changed,
-- and PostgreSQL folds identical notifications of one transaction into one. A transition table is allowed only on a
-- trigger for one event, hence one trigger per event.
CREATE FUNCTION "notify_visitor_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids text;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('visitor_changed', '*');
    RETURN NULL;
  ELSIF TG_OP = 'INSERT' THEN
    SELECT string_agg(DISTINCT "session_id", ' ') INTO ids FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT string_agg(DISTINCT "session_id", ' ') INTO ids FROM old_rows;
  ELSE
    SELECT string_agg(DISTINCT "session_id", ' ') INTO ids
      FROM (SELECT "session_id" FROM old_rows UNION SELECT "session_id" FROM new_rows) AS changed;
  END IF;
  IF ids IS NOT NULL THEN
    -- A notification's payload must stay under 8000 bytes: past that, everyone is forgotten.
    PERFORM pg_notify('visitor_changed', CASE WHEN octet_length(ids) > 7000 THEN '*' ELSE ids END);
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "preferences_inserted" AFTER INSERT ON "preferences"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "notify_visitor_changed"();--> statement-breakpoint
CREATE TRIGGER "preferences_updated" AFTER UPDATE ON "preferences"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "notify_visitor_changed"();--> statement-breakpoint
CREATE TRIGGER "preferences_deleted" AFTER DELETE ON "preferences"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "notify_visitor_changed"();--> statement-breakpoint
CREATE TRIGGER "preferences_truncated" AFTER TRUNCATE ON "preferences"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_visitor_changed"();--> statement-breakpoint
CREATE TRIGGER "angel_readings_inserted" AFTER INSERT ON "angel_readings"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "notify_visitor_changed"();--> statement-breakpoint
CREATE TRIGGER "angel_readings_updated" AFTER UPDATE ON "angel_readings"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "notify_visitor_changed"();--> statement-breakpoint
CREATE TRIGGER "angel_readings_deleted" AFTER DELETE ON "angel_readings"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "notify_visitor_changed"();--> statement-breakpoint
CREATE TRIGGER "angel_readings_truncated" AFTER TRUNCATE ON "angel_readings"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_visitor_changed"();

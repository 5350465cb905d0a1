-- Search (issue: global search) uses trigram indexes; the extension is created once here.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
-- Field history is append-only: rows can be added, never changed or removed.
CREATE OR REPLACE FUNCTION field_history_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'field_history is append-only';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER field_history_no_update BEFORE UPDATE OR DELETE ON field_history
  FOR EACH ROW EXECUTE FUNCTION field_history_append_only();

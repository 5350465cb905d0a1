-- Hand-written: global search's index. One entry per searched field of each record (search sources, in the areas'
-- manifests), kept in step by the triggers below, generated from those sources (`npx tsx scripts/search-index-sql.ts`).
CREATE TABLE "search_entries" (
	"kind" text NOT NULL,
	"record_id" integer NOT NULL,
	"field" smallint NOT NULL,
	"label" text NOT NULL,
	"match" text NOT NULL,
	"related" boolean NOT NULL,
	"typos" boolean NOT NULL,
	"prose" boolean NOT NULL,
	"term" text NOT NULL,
	"value" text NOT NULL,
	"name" text NOT NULL,
	"detail" text,
	"id1" integer,
	"id2" integer,
	CONSTRAINT "search_entries_pkey" PRIMARY KEY ("kind", "record_id", "field")
);--> statement-breakpoint
-- Substring and typo matches: names apart from prose (slip comments), so each is a scan of its own.
CREATE INDEX "search_entries_names_trgm" ON "search_entries" USING gin ("term" gin_trgm_ops) WHERE NOT "prose";--> statement-breakpoint
CREATE INDEX "search_entries_prose_trgm" ON "search_entries" USING gin ("term" gin_trgm_ops) WHERE "prose";--> statement-breakpoint
-- Starts of fields (any term length) and record numbers, in byte order: a prefix is a range of it, read in order.
CREATE INDEX "search_entries_start" ON "search_entries" USING btree ((lower(left("term", 200))) COLLATE "C");--> statement-breakpoint
-- Only global search used these: it now reads search_entries.
DROP INDEX IF EXISTS "slips_comment_trgm";--> statement-breakpoint
DROP INDEX IF EXISTS "organizations_phone_digits_trgm";--> statement-breakpoint
DROP INDEX IF EXISTS "people_phone_digits_trgm";--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_refresh_organization(ids integer[]) RETURNS void LANGUAGE plpgsql AS $fn$
BEGIN
  IF cardinality(ids) = 0 THEN RETURN; END IF;
  WITH fresh (kind, record_id, field, label, match, related, typos, prose, term, value, name, detail, id1, id2) AS (
    SELECT 'organization', t.id, 0, 'Name', 'text',
      false, true, false, (t.name)::text, coalesce((t.name)::text, ''),
      coalesce((t.name)::text, ''), (NULL)::text, (NULL)::int, (NULL)::int
    FROM organizations t
    WHERE t.id = ANY(ids) AND (t.name)::text <> ''
    UNION ALL SELECT 'organization', t.id, 1, 'Short Code', 'code',
      false, false, false, (t.short_code)::text, coalesce((t.short_code)::text, ''),
      coalesce((t.name)::text, ''), (NULL)::text, (NULL)::int, (NULL)::int
    FROM organizations t
    WHERE t.id = ANY(ids) AND (t.short_code)::text <> ''
    UNION ALL SELECT 'organization', t.id, 2, 'Phone', 'digits',
      false, false, false, (regexp_replace(t.phone, '\D', '', 'g'))::text, coalesce((t.phone)::text, ''),
      coalesce((t.name)::text, ''), (NULL)::text, (NULL)::int, (NULL)::int
    FROM organizations t
    WHERE t.id = ANY(ids) AND (regexp_replace(t.phone, '\D', '', 'g'))::text <> ''
  ), gone AS (
    DELETE FROM search_entries s WHERE s.kind = 'organization' AND s.record_id = ANY(ids)
      AND NOT EXISTS (SELECT FROM fresh f WHERE f.record_id = s.record_id AND f.field = s.field)
  )
  INSERT INTO search_entries AS s (kind, record_id, field, label, match, related, typos, prose, term, value, name, detail, id1, id2) SELECT * FROM fresh
  ON CONFLICT (kind, record_id, field) DO UPDATE SET label = EXCLUDED.label, match = EXCLUDED.match, related = EXCLUDED.related, typos = EXCLUDED.typos, prose = EXCLUDED.prose, term = EXCLUDED.term, value = EXCLUDED.value, name = EXCLUDED.name, detail = EXCLUDED.detail, id1 = EXCLUDED.id1, id2 = EXCLUDED.id2
    WHERE (s.label, s.match, s.related, s.typos, s.prose, s.term, s.value, s.name, s.detail, s.id1, s.id2) IS DISTINCT FROM (EXCLUDED.label, EXCLUDED.match, EXCLUDED.related, EXCLUDED.typos, EXCLUDED.prose, EXCLUDED.term, EXCLUDED.value, EXCLUDED.name, EXCLUDED.detail, EXCLUDED.id1, EXCLUDED.id2);
END $fn$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_refresh_equipment(ids integer[]) RETURNS void LANGUAGE plpgsql AS $fn$
BEGIN
  IF cardinality(ids) = 0 THEN RETURN; END IF;
  WITH fresh (kind, record_id, field, label, match, related, typos, prose, term, value, name, detail, id1, id2) AS (
    SELECT 'equipment', t.id, 0, 'Name', 'text',
      false, true, false, (t.name)::text, coalesce((t.name)::text, ''),
      coalesce((t.name)::text, ''), (NULL)::text, (NULL)::int, (NULL)::int
    FROM equipment t
    WHERE t.id = ANY(ids) AND (t.name)::text <> ''
    UNION ALL SELECT 'equipment', t.id, 1, 'Serial Number', 'code',
      false, false, false, (t.serial_number)::text, coalesce((t.serial_number)::text, ''),
      coalesce((t.name)::text, ''), (NULL)::text, (NULL)::int, (NULL)::int
    FROM equipment t
    WHERE t.id = ANY(ids) AND (t.serial_number)::text <> ''
    UNION ALL SELECT 'equipment', t.id, 2, 'Model', 'text',
      false, true, false, (t.model)::text, coalesce((t.model)::text, ''),
      coalesce((t.name)::text, ''), (NULL)::text, (NULL)::int, (NULL)::int
    FROM equipment t
    WHERE t.id = ANY(ids) AND (t.model)::text <> ''
  ), gone AS (
    DELETE FROM search_entries s WHERE s.kind = 'equipment' AND s.record_id = ANY(ids)
      AND NOT EXISTS (SELECT FROM fresh f WHERE f.record_id = s.record_id AND f.field = s.field)
  )
  INSERT INTO search_entries AS s (kind, record_id, field, label, match, related, typos, prose, term, value, name, detail, id1, id2) SELECT * FROM fresh
  ON CONFLICT (kind, record_id, field) DO UPDATE SET label = EXCLUDED.label, match = EXCLUDED.match, related = EXCLUDED.related, typos = EXCLUDED.typos, prose = EXCLUDED.prose, term = EXCLUDED.term, value = EXCLUDED.value, name = EXCLUDED.name, detail = EXCLUDED.detail, id1 = EXCLUDED.id1, id2 = EXCLUDED.id2
    WHERE (s.label, s.match, s.related, s.typos, s.prose, s.term, s.value, s.name, s.detail, s.id1, s.id2) IS DISTINCT FROM (EXCLUDED.label, EXCLUDED.match, EXCLUDED.related, EXCLUDED.typos, EXCLUDED.prose, EXCLUDED.term, EXCLUDED.value, EXCLUDED.name, EXCLUDED.detail, EXCLUDED.id1, EXCLUDED.id2);
END $fn$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_refresh_agreement(ids integer[]) RETURNS void LANGUAGE plpgsql AS $fn$
BEGIN
  IF cardinality(ids) = 0 THEN RETURN; END IF;
  WITH fresh (kind, record_id, field, label, match, related, typos, prose, term, value, name, detail, id1, id2) AS (
    SELECT 'agreement', t.id, 0, 'Number', 'code',
      false, false, false, (t.number)::text, coalesce((t.number)::text, ''),
      coalesce((t.number || ' ' || t.title)::text, ''), (NULL)::text, (NULL)::int, (NULL)::int
    FROM agreements t
    WHERE t.id = ANY(ids) AND (t.number)::text <> ''
    UNION ALL SELECT 'agreement', t.id, 1, 'Title', 'text',
      false, true, false, (t.title)::text, coalesce((t.title)::text, ''),
      coalesce((t.number || ' ' || t.title)::text, ''), (NULL)::text, (NULL)::int, (NULL)::int
    FROM agreements t
    WHERE t.id = ANY(ids) AND (t.title)::text <> ''
    UNION ALL SELECT 'agreement', t.id, 2, 'Organization', 'text',
      true, true, false, (o.name)::text, coalesce((o.name)::text, ''),
      coalesce((t.number || ' ' || t.title)::text, ''), (NULL)::text, (NULL)::int, (NULL)::int
    FROM agreements t JOIN organizations o ON o.id = t.organization_id
    WHERE t.id = ANY(ids) AND (o.name)::text <> ''
  ), gone AS (
    DELETE FROM search_entries s WHERE s.kind = 'agreement' AND s.record_id = ANY(ids)
      AND NOT EXISTS (SELECT FROM fresh f WHERE f.record_id = s.record_id AND f.field = s.field)
  )
  INSERT INTO search_entries AS s (kind, record_id, field, label, match, related, typos, prose, term, value, name, detail, id1, id2) SELECT * FROM fresh
  ON CONFLICT (kind, record_id, field) DO UPDATE SET label = EXCLUDED.label, match = EXCLUDED.match, related = EXCLUDED.related, typos = EXCLUDED.typos, prose = EXCLUDED.prose, term = EXCLUDED.term, value = EXCLUDED.value, name = EXCLUDED.name, detail = EXCLUDED.detail, id1 = EXCLUDED.id1, id2 = EXCLUDED.id2
    WHERE (s.label, s.match, s.related, s.typos, s.prose, s.term, s.value, s.name, s.detail, s.id1, s.id2) IS DISTINCT FROM (EXCLUDED.label, EXCLUDED.match, EXCLUDED.related, EXCLUDED.typos, EXCLUDED.prose, EXCLUDED.term, EXCLUDED.value, EXCLUDED.name, EXCLUDED.detail, EXCLUDED.id1, EXCLUDED.id2);
END $fn$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_refresh_person(ids integer[]) RETURNS void LANGUAGE plpgsql AS $fn$
BEGIN
  IF cardinality(ids) = 0 THEN RETURN; END IF;
  WITH fresh (kind, record_id, field, label, match, related, typos, prose, term, value, name, detail, id1, id2) AS (
    SELECT 'person', t.id, 0, 'Name', 'text',
      false, true, false, ((t.first_name || ' ' || t.last_name))::text, coalesce(((t.first_name || ' ' || t.last_name))::text, ''),
      coalesce((t.first_name || ' ' || t.last_name)::text, ''), (NULL)::text, (NULL)::int, (NULL)::int
    FROM people t
    WHERE t.id = ANY(ids) AND ((t.first_name || ' ' || t.last_name))::text <> ''
    UNION ALL SELECT 'person', t.id, 1, 'Email', 'code',
      false, false, false, (t.email)::text, coalesce((t.email)::text, ''),
      coalesce((t.first_name || ' ' || t.last_name)::text, ''), (NULL)::text, (NULL)::int, (NULL)::int
    FROM people t
    WHERE t.id = ANY(ids) AND (t.email)::text <> ''
    UNION ALL SELECT 'person', t.id, 2, 'Phone', 'digits',
      false, false, false, (regexp_replace(t.phone, '\D', '', 'g'))::text, coalesce((t.phone)::text, ''),
      coalesce((t.first_name || ' ' || t.last_name)::text, ''), (NULL)::text, (NULL)::int, (NULL)::int
    FROM people t
    WHERE t.id = ANY(ids) AND (regexp_replace(t.phone, '\D', '', 'g'))::text <> ''
  ), gone AS (
    DELETE FROM search_entries s WHERE s.kind = 'person' AND s.record_id = ANY(ids)
      AND NOT EXISTS (SELECT FROM fresh f WHERE f.record_id = s.record_id AND f.field = s.field)
  )
  INSERT INTO search_entries AS s (kind, record_id, field, label, match, related, typos, prose, term, value, name, detail, id1, id2) SELECT * FROM fresh
  ON CONFLICT (kind, record_id, field) DO UPDATE SET label = EXCLUDED.label, match = EXCLUDED.match, related = EXCLUDED.related, typos = EXCLUDED.typos, prose = EXCLUDED.prose, term = EXCLUDED.term, value = EXCLUDED.value, name = EXCLUDED.name, detail = EXCLUDED.detail, id1 = EXCLUDED.id1, id2 = EXCLUDED.id2
    WHERE (s.label, s.match, s.related, s.typos, s.prose, s.term, s.value, s.name, s.detail, s.id1, s.id2) IS DISTINCT FROM (EXCLUDED.label, EXCLUDED.match, EXCLUDED.related, EXCLUDED.typos, EXCLUDED.prose, EXCLUDED.term, EXCLUDED.value, EXCLUDED.name, EXCLUDED.detail, EXCLUDED.id1, EXCLUDED.id2);
END $fn$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_refresh_software(ids integer[]) RETURNS void LANGUAGE plpgsql AS $fn$
BEGIN
  IF cardinality(ids) = 0 THEN RETURN; END IF;
  WITH fresh (kind, record_id, field, label, match, related, typos, prose, term, value, name, detail, id1, id2) AS (
    SELECT 'software', t.id, 0, 'Name', 'text',
      false, true, false, (t.name)::text, coalesce((t.name)::text, ''),
      coalesce((t.name)::text, ''), (NULL)::text, (NULL)::int, (NULL)::int
    FROM software t
    WHERE t.id = ANY(ids) AND (t.name)::text <> ''
  ), gone AS (
    DELETE FROM search_entries s WHERE s.kind = 'software' AND s.record_id = ANY(ids)
      AND NOT EXISTS (SELECT FROM fresh f WHERE f.record_id = s.record_id AND f.field = s.field)
  )
  INSERT INTO search_entries AS s (kind, record_id, field, label, match, related, typos, prose, term, value, name, detail, id1, id2) SELECT * FROM fresh
  ON CONFLICT (kind, record_id, field) DO UPDATE SET label = EXCLUDED.label, match = EXCLUDED.match, related = EXCLUDED.related, typos = EXCLUDED.typos, prose = EXCLUDED.prose, term = EXCLUDED.term, value = EXCLUDED.value, name = EXCLUDED.name, detail = EXCLUDED.detail, id1 = EXCLUDED.id1, id2 = EXCLUDED.id2
    WHERE (s.label, s.match, s.related, s.typos, s.prose, s.term, s.value, s.name, s.detail, s.id1, s.id2) IS DISTINCT FROM (EXCLUDED.label, EXCLUDED.match, EXCLUDED.related, EXCLUDED.typos, EXCLUDED.prose, EXCLUDED.term, EXCLUDED.value, EXCLUDED.name, EXCLUDED.detail, EXCLUDED.id1, EXCLUDED.id2);
END $fn$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_refresh_case(ids integer[]) RETURNS void LANGUAGE plpgsql AS $fn$
BEGIN
  IF cardinality(ids) = 0 THEN RETURN; END IF;
  WITH fresh (kind, record_id, field, label, match, related, typos, prose, term, value, name, detail, id1, id2) AS (
    SELECT 'case', t.id, 0, 'Number', 'number',
      false, false, false, (t.id)::text, coalesce((t.id::text)::text, ''),
      coalesce((t.title)::text, ''), (NULL)::text, (NULL)::int, (NULL)::int
    FROM cases t
    WHERE t.id = ANY(ids) AND (t.id)::text <> ''
    UNION ALL SELECT 'case', t.id, 1, 'Title', 'text',
      false, true, false, (t.title)::text, coalesce((t.title)::text, ''),
      coalesce((t.title)::text, ''), (NULL)::text, (NULL)::int, (NULL)::int
    FROM cases t
    WHERE t.id = ANY(ids) AND (t.title)::text <> ''
  ), gone AS (
    DELETE FROM search_entries s WHERE s.kind = 'case' AND s.record_id = ANY(ids)
      AND NOT EXISTS (SELECT FROM fresh f WHERE f.record_id = s.record_id AND f.field = s.field)
  )
  INSERT INTO search_entries AS s (kind, record_id, field, label, match, related, typos, prose, term, value, name, detail, id1, id2) SELECT * FROM fresh
  ON CONFLICT (kind, record_id, field) DO UPDATE SET label = EXCLUDED.label, match = EXCLUDED.match, related = EXCLUDED.related, typos = EXCLUDED.typos, prose = EXCLUDED.prose, term = EXCLUDED.term, value = EXCLUDED.value, name = EXCLUDED.name, detail = EXCLUDED.detail, id1 = EXCLUDED.id1, id2 = EXCLUDED.id2
    WHERE (s.label, s.match, s.related, s.typos, s.prose, s.term, s.value, s.name, s.detail, s.id1, s.id2) IS DISTINCT FROM (EXCLUDED.label, EXCLUDED.match, EXCLUDED.related, EXCLUDED.typos, EXCLUDED.prose, EXCLUDED.term, EXCLUDED.value, EXCLUDED.name, EXCLUDED.detail, EXCLUDED.id1, EXCLUDED.id2);
END $fn$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_refresh_task(ids integer[]) RETURNS void LANGUAGE plpgsql AS $fn$
BEGIN
  IF cardinality(ids) = 0 THEN RETURN; END IF;
  WITH fresh (kind, record_id, field, label, match, related, typos, prose, term, value, name, detail, id1, id2) AS (
    SELECT 'task', t.id, 0, 'Title', 'text',
      false, true, false, (t.title)::text, coalesce((t.title)::text, ''),
      coalesce((t.title)::text, ''), (NULL)::text, (t.case_id)::int, (NULL)::int
    FROM tasks t
    WHERE t.id = ANY(ids) AND (t.title)::text <> ''
  ), gone AS (
    DELETE FROM search_entries s WHERE s.kind = 'task' AND s.record_id = ANY(ids)
      AND NOT EXISTS (SELECT FROM fresh f WHERE f.record_id = s.record_id AND f.field = s.field)
  )
  INSERT INTO search_entries AS s (kind, record_id, field, label, match, related, typos, prose, term, value, name, detail, id1, id2) SELECT * FROM fresh
  ON CONFLICT (kind, record_id, field) DO UPDATE SET label = EXCLUDED.label, match = EXCLUDED.match, related = EXCLUDED.related, typos = EXCLUDED.typos, prose = EXCLUDED.prose, term = EXCLUDED.term, value = EXCLUDED.value, name = EXCLUDED.name, detail = EXCLUDED.detail, id1 = EXCLUDED.id1, id2 = EXCLUDED.id2
    WHERE (s.label, s.match, s.related, s.typos, s.prose, s.term, s.value, s.name, s.detail, s.id1, s.id2) IS DISTINCT FROM (EXCLUDED.label, EXCLUDED.match, EXCLUDED.related, EXCLUDED.typos, EXCLUDED.prose, EXCLUDED.term, EXCLUDED.value, EXCLUDED.name, EXCLUDED.detail, EXCLUDED.id1, EXCLUDED.id2);
END $fn$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_refresh_slip(ids integer[]) RETURNS void LANGUAGE plpgsql AS $fn$
BEGIN
  IF cardinality(ids) = 0 THEN RETURN; END IF;
  WITH fresh (kind, record_id, field, label, match, related, typos, prose, term, value, name, detail, id1, id2) AS (
    SELECT 'slip', t.id, 0, 'Comment', 'text',
      false, false, true, (t.comment)::text, coalesce((t.comment)::text, ''),
      coalesce(('Slip #' || t.id || ' - ' || k.title)::text, ''), (NULL)::text, (k.case_id)::int, (t.task_id)::int
    FROM slips t JOIN tasks k ON k.id = t.task_id
    WHERE t.id = ANY(ids) AND (t.comment)::text <> ''
  ), gone AS (
    DELETE FROM search_entries s WHERE s.kind = 'slip' AND s.record_id = ANY(ids)
      AND NOT EXISTS (SELECT FROM fresh f WHERE f.record_id = s.record_id AND f.field = s.field)
  )
  INSERT INTO search_entries AS s (kind, record_id, field, label, match, related, typos, prose, term, value, name, detail, id1, id2) SELECT * FROM fresh
  ON CONFLICT (kind, record_id, field) DO UPDATE SET label = EXCLUDED.label, match = EXCLUDED.match, related = EXCLUDED.related, typos = EXCLUDED.typos, prose = EXCLUDED.prose, term = EXCLUDED.term, value = EXCLUDED.value, name = EXCLUDED.name, detail = EXCLUDED.detail, id1 = EXCLUDED.id1, id2 = EXCLUDED.id2
    WHERE (s.label, s.match, s.related, s.typos, s.prose, s.term, s.value, s.name, s.detail, s.id1, s.id2) IS DISTINCT FROM (EXCLUDED.label, EXCLUDED.match, EXCLUDED.related, EXCLUDED.typos, EXCLUDED.prose, EXCLUDED.term, EXCLUDED.value, EXCLUDED.name, EXCLUDED.detail, EXCLUDED.id1, EXCLUDED.id2);
END $fn$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_refresh_opportunity(ids integer[]) RETURNS void LANGUAGE plpgsql AS $fn$
BEGIN
  IF cardinality(ids) = 0 THEN RETURN; END IF;
  WITH fresh (kind, record_id, field, label, match, related, typos, prose, term, value, name, detail, id1, id2) AS (
    SELECT 'opportunity', t.id, 0, 'Number', 'code',
      false, false, false, (t.number)::text, coalesce((t.number)::text, ''),
      coalesce((t.number || ' ' || t.title)::text, ''), (o.name || coalesce(' · ' || sg.name, ''))::text, (NULL)::int, (NULL)::int
    FROM opportunities t JOIN organizations o ON o.id = t.organization_id LEFT JOIN (SELECT (st->>'id')::int AS id, st->>'name' AS name
    FROM jsonb_array_elements(coalesce(
      (SELECT value->'stages' FROM settings WHERE key = 'opportunity_settings'),
      '[{"id":1,"name":"Qualification","probability":10,"outcome":"OPEN"},{"id":2,"name":"Discovery","probability":25,"outcome":"OPEN"},{"id":3,"name":"Proposal","probability":50,"outcome":"OPEN"},{"id":4,"name":"Negotiation","probability":75,"outcome":"OPEN"},{"id":5,"name":"Won","probability":100,"outcome":"WON"},{"id":6,"name":"Lost","probability":0,"outcome":"LOST"}]'::jsonb)) st) sg ON sg.id = t.stage_id
    WHERE t.id = ANY(ids) AND (t.number)::text <> ''
    UNION ALL SELECT 'opportunity', t.id, 1, 'Title', 'text',
      false, true, false, (t.title)::text, coalesce((t.title)::text, ''),
      coalesce((t.number || ' ' || t.title)::text, ''), (o.name || coalesce(' · ' || sg.name, ''))::text, (NULL)::int, (NULL)::int
    FROM opportunities t JOIN organizations o ON o.id = t.organization_id LEFT JOIN (SELECT (st->>'id')::int AS id, st->>'name' AS name
    FROM jsonb_array_elements(coalesce(
      (SELECT value->'stages' FROM settings WHERE key = 'opportunity_settings'),
      '[{"id":1,"name":"Qualification","probability":10,"outcome":"OPEN"},{"id":2,"name":"Discovery","probability":25,"outcome":"OPEN"},{"id":3,"name":"Proposal","probability":50,"outcome":"OPEN"},{"id":4,"name":"Negotiation","probability":75,"outcome":"OPEN"},{"id":5,"name":"Won","probability":100,"outcome":"WON"},{"id":6,"name":"Lost","probability":0,"outcome":"LOST"}]'::jsonb)) st) sg ON sg.id = t.stage_id
    WHERE t.id = ANY(ids) AND (t.title)::text <> ''
  ), gone AS (
    DELETE FROM search_entries s WHERE s.kind = 'opportunity' AND s.record_id = ANY(ids)
      AND NOT EXISTS (SELECT FROM fresh f WHERE f.record_id = s.record_id AND f.field = s.field)
  )
  INSERT INTO search_entries AS s (kind, record_id, field, label, match, related, typos, prose, term, value, name, detail, id1, id2) SELECT * FROM fresh
  ON CONFLICT (kind, record_id, field) DO UPDATE SET label = EXCLUDED.label, match = EXCLUDED.match, related = EXCLUDED.related, typos = EXCLUDED.typos, prose = EXCLUDED.prose, term = EXCLUDED.term, value = EXCLUDED.value, name = EXCLUDED.name, detail = EXCLUDED.detail, id1 = EXCLUDED.id1, id2 = EXCLUDED.id2
    WHERE (s.label, s.match, s.related, s.typos, s.prose, s.term, s.value, s.name, s.detail, s.id1, s.id2) IS DISTINCT FROM (EXCLUDED.label, EXCLUDED.match, EXCLUDED.related, EXCLUDED.typos, EXCLUDED.prose, EXCLUDED.term, EXCLUDED.value, EXCLUDED.name, EXCLUDED.detail, EXCLUDED.id1, EXCLUDED.id2);
END $fn$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_refresh_proposal(ids integer[]) RETURNS void LANGUAGE plpgsql AS $fn$
BEGIN
  IF cardinality(ids) = 0 THEN RETURN; END IF;
  WITH fresh (kind, record_id, field, label, match, related, typos, prose, term, value, name, detail, id1, id2) AS (
    SELECT 'proposal', t.id, 0, 'Number', 'code',
      false, false, false, (t.number)::text, coalesce((t.number)::text, ''),
      coalesce((t.number || ' ' || t.title)::text, ''), ('Opportunity ' || op.number || ' ' || op.title)::text, (t.opportunity_id)::int, (NULL)::int
    FROM proposals t JOIN opportunities op ON op.id = t.opportunity_id
    WHERE t.id = ANY(ids) AND (t.number)::text <> ''
    UNION ALL SELECT 'proposal', t.id, 1, 'Title', 'text',
      false, true, false, (t.title)::text, coalesce((t.title)::text, ''),
      coalesce((t.number || ' ' || t.title)::text, ''), ('Opportunity ' || op.number || ' ' || op.title)::text, (t.opportunity_id)::int, (NULL)::int
    FROM proposals t JOIN opportunities op ON op.id = t.opportunity_id
    WHERE t.id = ANY(ids) AND (t.title)::text <> ''
  ), gone AS (
    DELETE FROM search_entries s WHERE s.kind = 'proposal' AND s.record_id = ANY(ids)
      AND NOT EXISTS (SELECT FROM fresh f WHERE f.record_id = s.record_id AND f.field = s.field)
  )
  INSERT INTO search_entries AS s (kind, record_id, field, label, match, related, typos, prose, term, value, name, detail, id1, id2) SELECT * FROM fresh
  ON CONFLICT (kind, record_id, field) DO UPDATE SET label = EXCLUDED.label, match = EXCLUDED.match, related = EXCLUDED.related, typos = EXCLUDED.typos, prose = EXCLUDED.prose, term = EXCLUDED.term, value = EXCLUDED.value, name = EXCLUDED.name, detail = EXCLUDED.detail, id1 = EXCLUDED.id1, id2 = EXCLUDED.id2
    WHERE (s.label, s.match, s.related, s.typos, s.prose, s.term, s.value, s.name, s.detail, s.id1, s.id2) IS DISTINCT FROM (EXCLUDED.label, EXCLUDED.match, EXCLUDED.related, EXCLUDED.typos, EXCLUDED.prose, EXCLUDED.term, EXCLUDED.value, EXCLUDED.name, EXCLUDED.detail, EXCLUDED.id1, EXCLUDED.id2);
END $fn$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_insert_organizations() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  PERFORM search_refresh_organization(ARRAY(SELECT id FROM new_rows));
  PERFORM search_refresh_agreement(ARRAY(WITH changed AS (SELECT * FROM new_rows)
        SELECT id FROM (SELECT t.id FROM agreements t JOIN changed c ON c.id = t.organization_id) r));
  PERFORM search_refresh_opportunity(ARRAY(WITH changed AS (SELECT * FROM new_rows)
        SELECT id FROM (SELECT t.id FROM opportunities t JOIN changed c ON c.id = t.organization_id) r));
  RETURN NULL;
END $fn$;--> statement-breakpoint
DROP TRIGGER IF EXISTS search_insert_organizations ON organizations;--> statement-breakpoint
CREATE TRIGGER search_insert_organizations AFTER INSERT ON organizations REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_insert_organizations();--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_update_organizations() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  PERFORM search_refresh_organization(ARRAY(SELECT id FROM (SELECT n.* FROM new_rows n JOIN old_rows o ON o.id = n.id
        WHERE ROW(n.name, n.short_code, n.phone) IS DISTINCT FROM ROW(o.name, o.short_code, o.phone)) changed));
  PERFORM search_refresh_agreement(ARRAY(WITH changed AS (SELECT n.* FROM new_rows n JOIN old_rows o ON o.id = n.id
        WHERE ROW(n.name) IS DISTINCT FROM ROW(o.name))
        SELECT id FROM (SELECT t.id FROM agreements t JOIN changed c ON c.id = t.organization_id) r));
  PERFORM search_refresh_opportunity(ARRAY(WITH changed AS (SELECT n.* FROM new_rows n JOIN old_rows o ON o.id = n.id
        WHERE ROW(n.name) IS DISTINCT FROM ROW(o.name))
        SELECT id FROM (SELECT t.id FROM opportunities t JOIN changed c ON c.id = t.organization_id) r));
  RETURN NULL;
END $fn$;--> statement-breakpoint
DROP TRIGGER IF EXISTS search_update_organizations ON organizations;--> statement-breakpoint
CREATE TRIGGER search_update_organizations AFTER UPDATE ON organizations REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_update_organizations();--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_delete_organizations() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  DELETE FROM search_entries WHERE kind = 'organization' AND record_id IN (SELECT id FROM old_rows);
  PERFORM search_refresh_agreement(ARRAY(WITH changed AS (SELECT * FROM old_rows)
        SELECT id FROM (SELECT t.id FROM agreements t JOIN changed c ON c.id = t.organization_id) r));
  PERFORM search_refresh_opportunity(ARRAY(WITH changed AS (SELECT * FROM old_rows)
        SELECT id FROM (SELECT t.id FROM opportunities t JOIN changed c ON c.id = t.organization_id) r));
  RETURN NULL;
END $fn$;--> statement-breakpoint
DROP TRIGGER IF EXISTS search_delete_organizations ON organizations;--> statement-breakpoint
CREATE TRIGGER search_delete_organizations AFTER DELETE ON organizations REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION search_delete_organizations();--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_truncate_organizations() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  DELETE FROM search_entries WHERE kind = 'organization';
  RETURN NULL;
END $fn$;--> statement-breakpoint
DROP TRIGGER IF EXISTS search_truncate_organizations ON organizations;--> statement-breakpoint
CREATE TRIGGER search_truncate_organizations AFTER TRUNCATE ON organizations  FOR EACH STATEMENT EXECUTE FUNCTION search_truncate_organizations();--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_insert_equipment() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  PERFORM search_refresh_equipment(ARRAY(SELECT id FROM new_rows));
  RETURN NULL;
END $fn$;--> statement-breakpoint
DROP TRIGGER IF EXISTS search_insert_equipment ON equipment;--> statement-breakpoint
CREATE TRIGGER search_insert_equipment AFTER INSERT ON equipment REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_insert_equipment();--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_update_equipment() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  PERFORM search_refresh_equipment(ARRAY(SELECT id FROM (SELECT n.* FROM new_rows n JOIN old_rows o ON o.id = n.id
        WHERE ROW(n.name, n.serial_number, n.model) IS DISTINCT FROM ROW(o.name, o.serial_number, o.model)) changed));
  RETURN NULL;
END $fn$;--> statement-breakpoint
DROP TRIGGER IF EXISTS search_update_equipment ON equipment;--> statement-breakpoint
CREATE TRIGGER search_update_equipment AFTER UPDATE ON equipment REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_update_equipment();--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_delete_equipment() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  DELETE FROM search_entries WHERE kind = 'equipment' AND record_id IN (SELECT id FROM old_rows);
  RETURN NULL;
END $fn$;--> statement-breakpoint
DROP TRIGGER IF EXISTS search_delete_equipment ON equipment;--> statement-breakpoint
CREATE TRIGGER search_delete_equipment AFTER DELETE ON equipment REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION search_delete_equipment();--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_truncate_equipment() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  DELETE FROM search_entries WHERE kind = 'equipment';
  RETURN NULL;
END $fn$;--> statement-breakpoint
DROP TRIGGER IF EXISTS search_truncate_equipment ON equipment;--> statement-breakpoint
CREATE TRIGGER search_truncate_equipment AFTER TRUNCATE ON equipment  FOR EACH STATEMENT EXECUTE FUNCTION search_truncate_equipment();--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_insert_agreements() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  PERFORM search_refresh_agreement(ARRAY(SELECT id FROM new_rows));
  RETURN NULL;
END $fn$;--> statement-breakpoint
DROP TRIGGER IF EXISTS search_insert_agreements ON agreements;--> statement-breakpoint
CREATE TRIGGER search_insert_agreements AFTER INSERT ON agreements REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_insert_agreements();--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_update_agreements() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  PERFORM search_refresh_agreement(ARRAY(SELECT id FROM (SELECT n.* FROM new_rows n JOIN old_rows o ON o.id = n.id
        WHERE ROW(n.number, n.title, n.organization_id) IS DISTINCT FROM ROW(o.number, o.title, o.organization_id)) changed));
  RETURN NULL;
END $fn$;--> statement-breakpoint
DROP TRIGGER IF EXISTS search_update_agreements ON agreements;--> statement-breakpoint
CREATE TRIGGER search_update_agreements AFTER UPDATE ON agreements REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_update_agreements();--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_delete_agreements() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  DELETE FROM search_entries WHERE kind = 'agreement' AND record_id IN (SELECT id FROM old_rows);
  RETURN NULL;
END $fn$;--> statement-breakpoint
DROP TRIGGER IF EXISTS search_delete_agreements ON agreements;--> statement-breakpoint
CREATE TRIGGER search_delete_agreements AFTER DELETE ON agreements REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION search_delete_agreements();--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_truncate_agreements() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  DELETE FROM search_entries WHERE kind = 'agreement';
  RETURN NULL;
END $fn$;--> statement-breakpoint
DROP TRIGGER IF EXISTS search_truncate_agreements ON agreements;--> statement-breakpoint
CREATE TRIGGER search_truncate_agreements AFTER TRUNCATE ON agreements  FOR EACH STATEMENT EXECUTE FUNCTION search_truncate_agreements();--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_insert_people() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  PERFORM search_refresh_person(ARRAY(SELECT id FROM new_rows));
  RETURN NULL;
END $fn$;--> statement-breakpoint
DROP TRIGGER IF EXISTS search_insert_people ON people;--> statement-breakpoint
CREATE TRIGGER search_insert_people AFTER INSERT ON people REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_insert_people();--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_update_people() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  PERFORM search_refresh_person(ARRAY(SELECT id FROM (SELECT n.* FROM new_rows n JOIN old_rows o ON o.id = n.id
        WHERE ROW(n.first_name, n.last_name, n.email, n.phone) IS DISTINCT FROM ROW(o.first_name, o.last_name, o.email, o.phone)) changed));
  RETURN NULL;
END $fn$;--> statement-breakpoint
DROP TRIGGER IF EXISTS search_update_people ON people;--> statement-breakpoint
CREATE TRIGGER search_update_people AFTER UPDATE ON people REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_update_people();--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_delete_people() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  DELETE FROM search_entries WHERE kind = 'person' AND record_id IN (SELECT id FROM old_rows);
  RETURN NULL;
END $fn$;--> statement-breakpoint
DROP TRIGGER IF EXISTS search_delete_people ON people;--> statement-breakpoint
CREATE TRIGGER search_delete_people AFTER DELETE ON people REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION search_delete_people();--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_truncate_people() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  DELETE FROM search_entries WHERE kind = 'person';
  RETURN NULL;
END $fn$;--> statement-breakpoint
DROP TRIGGER IF EXISTS search_truncate_people ON people;--> statement-breakpoint
CREATE TRIGGER search_truncate_people AFTER TRUNCATE ON people  FOR EACH STATEMENT EXECUTE FUNCTION search_truncate_people();--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_insert_software() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  PERFORM search_refresh_software(ARRAY(SELECT id FROM new_rows));
  RETURN NULL;
END $fn$;--> statement-breakpoint
DROP TRIGGER IF EXISTS search_insert_software ON software;--> statement-breakpoint
CREATE TRIGGER search_insert_software AFTER INSERT ON software REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_insert_software();--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_update_software() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  PERFORM search_refresh_software(ARRAY(SELECT id FROM (SELECT n.* FROM new_rows n JOIN old_rows o ON o.id = n.id
        WHERE ROW(n.name) IS DISTINCT FROM ROW(o.name)) changed));
  RETURN NULL;
END $fn$;--> statement-breakpoint
DROP TRIGGER IF EXISTS search_update_software ON software;--> statement-breakpoint
CREATE TRIGGER search_update_software AFTER UPDATE ON software REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_update_software();--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_delete_software() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  DELETE FROM search_entries WHERE kind = 'software' AND record_id IN (SELECT id FROM old_rows);
  RETURN NULL;
END $fn$;--> statement-breakpoint
DROP TRIGGER IF EXISTS search_delete_software ON software;--> statement-breakpoint
CREATE TRIGGER search_delete_software AFTER DELETE ON software REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION search_delete_software();--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_truncate_software() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  DELETE FROM search_entries WHERE kind = 'software';
  RETURN NULL;
END $fn$;--> statement-breakpoint
DROP TRIGGER IF EXISTS search_truncate_software ON software;--> statement-breakpoint
CREATE TRIGGER search_truncate_software AFTER TRUNCATE ON software  FOR EACH STATEMENT EXECUTE FUNCTION search_truncate_software();--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_insert_cases() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  PERFORM search_refresh_case(ARRAY(SELECT id FROM new_rows));
  RETURN NULL;
END $fn$;--> statement-breakpoint
DROP TRIGGER IF EXISTS search_insert_cases ON cases;--> statement-breakpoint
CREATE TRIGGER search_insert_cases AFTER INSERT ON cases REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_insert_cases();--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_update_cases() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  PERFORM search_refresh_case(ARRAY(SELECT id FROM (SELECT n.* FROM new_rows n JOIN old_rows o ON o.id = n.id
        WHERE ROW(n.title) IS DISTINCT FROM ROW(o.title)) changed));
  RETURN NULL;
END $fn$;--> statement-breakpoint
DROP TRIGGER IF EXISTS search_update_cases ON cases;--> statement-breakpoint
CREATE TRIGGER search_update_cases AFTER UPDATE ON cases REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_update_cases();--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_delete_cases() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  DELETE FROM search_entries WHERE kind = 'case' AND record_id IN (SELECT id FROM old_rows);
  RETURN NULL;
END $fn$;--> statement-breakpoint
DROP TRIGGER IF EXISTS search_delete_cases ON cases;--> statement-breakpoint
CREATE TRIGGER search_delete_cases AFTER DELETE ON cases REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION search_delete_cases();--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_truncate_cases() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  DELETE FROM search_entries WHERE kind = 'case';
  RETURN NULL;
END $fn$;--> statement-breakpoint
DROP TRIGGER IF EXISTS search_truncate_cases ON cases;--> statement-breakpoint
CREATE TRIGGER search_truncate_cases AFTER TRUNCATE ON cases  FOR EACH STATEMENT EXECUTE FUNCTION search_truncate_cases();--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_insert_tasks() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  PERFORM search_refresh_task(ARRAY(SELECT id FROM new_rows));
  PERFORM search_refresh_slip(ARRAY(WITH changed AS (SELECT * FROM new_rows)
        SELECT id FROM (SELECT t.id FROM slips t JOIN changed c ON c.id = t.task_id) r));
  RETURN NULL;
END $fn$;--> statement-breakpoint
DROP TRIGGER IF EXISTS search_insert_tasks ON tasks;--> statement-breakpoint
CREATE TRIGGER search_insert_tasks AFTER INSERT ON tasks REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_insert_tasks();--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_update_tasks() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  PERFORM search_refresh_task(ARRAY(SELECT id FROM (SELECT n.* FROM new_rows n JOIN old_rows o ON o.id = n.id
        WHERE ROW(n.title, n.case_id) IS DISTINCT FROM ROW(o.title, o.case_id)) changed));
  PERFORM search_refresh_slip(ARRAY(WITH changed AS (SELECT n.* FROM new_rows n JOIN old_rows o ON o.id = n.id
        WHERE ROW(n.title, n.case_id) IS DISTINCT FROM ROW(o.title, o.case_id))
        SELECT id FROM (SELECT t.id FROM slips t JOIN changed c ON c.id = t.task_id) r));
  RETURN NULL;
END $fn$;--> statement-breakpoint
DROP TRIGGER IF EXISTS search_update_tasks ON tasks;--> statement-breakpoint
CREATE TRIGGER search_update_tasks AFTER UPDATE ON tasks REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_update_tasks();--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_delete_tasks() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  DELETE FROM search_entries WHERE kind = 'task' AND record_id IN (SELECT id FROM old_rows);
  PERFORM search_refresh_slip(ARRAY(WITH changed AS (SELECT * FROM old_rows)
        SELECT id FROM (SELECT t.id FROM slips t JOIN changed c ON c.id = t.task_id) r));
  RETURN NULL;
END $fn$;--> statement-breakpoint
DROP TRIGGER IF EXISTS search_delete_tasks ON tasks;--> statement-breakpoint
CREATE TRIGGER search_delete_tasks AFTER DELETE ON tasks REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION search_delete_tasks();--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_truncate_tasks() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  DELETE FROM search_entries WHERE kind = 'task';
  RETURN NULL;
END $fn$;--> statement-breakpoint
DROP TRIGGER IF EXISTS search_truncate_tasks ON tasks;--> statement-breakpoint
CREATE TRIGGER search_truncate_tasks AFTER TRUNCATE ON tasks  FOR EACH STATEMENT EXECUTE FUNCTION search_truncate_tasks();--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_insert_slips() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  PERFORM search_refresh_slip(ARRAY(SELECT id FROM new_rows));
  RETURN NULL;
END $fn$;--> statement-breakpoint
DROP TRIGGER IF EXISTS search_insert_slips ON slips;--> statement-breakpoint
CREATE TRIGGER search_insert_slips AFTER INSERT ON slips REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_insert_slips();--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_update_slips() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  PERFORM search_refresh_slip(ARRAY(SELECT id FROM (SELECT n.* FROM new_rows n JOIN old_rows o ON o.id = n.id
        WHERE ROW(n.comment, n.task_id) IS DISTINCT FROM ROW(o.comment, o.task_id)) changed));
  RETURN NULL;
END $fn$;--> statement-breakpoint
DROP TRIGGER IF EXISTS search_update_slips ON slips;--> statement-breakpoint
CREATE TRIGGER search_update_slips AFTER UPDATE ON slips REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_update_slips();--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_delete_slips() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  DELETE FROM search_entries WHERE kind = 'slip' AND record_id IN (SELECT id FROM old_rows);
  RETURN NULL;
END $fn$;--> statement-breakpoint
DROP TRIGGER IF EXISTS search_delete_slips ON slips;--> statement-breakpoint
CREATE TRIGGER search_delete_slips AFTER DELETE ON slips REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION search_delete_slips();--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_truncate_slips() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  DELETE FROM search_entries WHERE kind = 'slip';
  RETURN NULL;
END $fn$;--> statement-breakpoint
DROP TRIGGER IF EXISTS search_truncate_slips ON slips;--> statement-breakpoint
CREATE TRIGGER search_truncate_slips AFTER TRUNCATE ON slips  FOR EACH STATEMENT EXECUTE FUNCTION search_truncate_slips();--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_insert_opportunities() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  PERFORM search_refresh_opportunity(ARRAY(SELECT id FROM new_rows));
  PERFORM search_refresh_proposal(ARRAY(WITH changed AS (SELECT * FROM new_rows)
        SELECT id FROM (SELECT t.id FROM proposals t JOIN changed c ON c.id = t.opportunity_id) r));
  RETURN NULL;
END $fn$;--> statement-breakpoint
DROP TRIGGER IF EXISTS search_insert_opportunities ON opportunities;--> statement-breakpoint
CREATE TRIGGER search_insert_opportunities AFTER INSERT ON opportunities REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_insert_opportunities();--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_update_opportunities() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  PERFORM search_refresh_opportunity(ARRAY(SELECT id FROM (SELECT n.* FROM new_rows n JOIN old_rows o ON o.id = n.id
        WHERE ROW(n.number, n.title, n.organization_id, n.stage_id) IS DISTINCT FROM ROW(o.number, o.title, o.organization_id, o.stage_id)) changed));
  PERFORM search_refresh_proposal(ARRAY(WITH changed AS (SELECT n.* FROM new_rows n JOIN old_rows o ON o.id = n.id
        WHERE ROW(n.number, n.title) IS DISTINCT FROM ROW(o.number, o.title))
        SELECT id FROM (SELECT t.id FROM proposals t JOIN changed c ON c.id = t.opportunity_id) r));
  RETURN NULL;
END $fn$;--> statement-breakpoint
DROP TRIGGER IF EXISTS search_update_opportunities ON opportunities;--> statement-breakpoint
CREATE TRIGGER search_update_opportunities AFTER UPDATE ON opportunities REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_update_opportunities();--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_delete_opportunities() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  DELETE FROM search_entries WHERE kind = 'opportunity' AND record_id IN (SELECT id FROM old_rows);
  PERFORM search_refresh_proposal(ARRAY(WITH changed AS (SELECT * FROM old_rows)
        SELECT id FROM (SELECT t.id FROM proposals t JOIN changed c ON c.id = t.opportunity_id) r));
  RETURN NULL;
END $fn$;--> statement-breakpoint
DROP TRIGGER IF EXISTS search_delete_opportunities ON opportunities;--> statement-breakpoint
CREATE TRIGGER search_delete_opportunities AFTER DELETE ON opportunities REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION search_delete_opportunities();--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_truncate_opportunities() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  DELETE FROM search_entries WHERE kind = 'opportunity';
  RETURN NULL;
END $fn$;--> statement-breakpoint
DROP TRIGGER IF EXISTS search_truncate_opportunities ON opportunities;--> statement-breakpoint
CREATE TRIGGER search_truncate_opportunities AFTER TRUNCATE ON opportunities  FOR EACH STATEMENT EXECUTE FUNCTION search_truncate_opportunities();--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_insert_settings() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  PERFORM search_refresh_opportunity(ARRAY(WITH changed AS (SELECT * FROM new_rows)
        SELECT id FROM (SELECT t.id FROM opportunities t WHERE EXISTS (SELECT FROM changed c WHERE c.key = 'opportunity_settings')) r));
  RETURN NULL;
END $fn$;--> statement-breakpoint
DROP TRIGGER IF EXISTS search_insert_settings ON settings;--> statement-breakpoint
CREATE TRIGGER search_insert_settings AFTER INSERT ON settings REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_insert_settings();--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_update_settings() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  PERFORM search_refresh_opportunity(ARRAY(WITH changed AS (SELECT n.* FROM new_rows n JOIN old_rows o ON o.key = n.key
        WHERE ROW(n.value) IS DISTINCT FROM ROW(o.value))
        SELECT id FROM (SELECT t.id FROM opportunities t WHERE EXISTS (SELECT FROM changed c WHERE c.key = 'opportunity_settings')) r));
  RETURN NULL;
END $fn$;--> statement-breakpoint
DROP TRIGGER IF EXISTS search_update_settings ON settings;--> statement-breakpoint
CREATE TRIGGER search_update_settings AFTER UPDATE ON settings REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_update_settings();--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_delete_settings() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  PERFORM search_refresh_opportunity(ARRAY(WITH changed AS (SELECT * FROM old_rows)
        SELECT id FROM (SELECT t.id FROM opportunities t WHERE EXISTS (SELECT FROM changed c WHERE c.key = 'opportunity_settings')) r));
  RETURN NULL;
END $fn$;--> statement-breakpoint
DROP TRIGGER IF EXISTS search_delete_settings ON settings;--> statement-breakpoint
CREATE TRIGGER search_delete_settings AFTER DELETE ON settings REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION search_delete_settings();--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_insert_proposals() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  PERFORM search_refresh_proposal(ARRAY(SELECT id FROM new_rows));
  RETURN NULL;
END $fn$;--> statement-breakpoint
DROP TRIGGER IF EXISTS search_insert_proposals ON proposals;--> statement-breakpoint
CREATE TRIGGER search_insert_proposals AFTER INSERT ON proposals REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_insert_proposals();--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_update_proposals() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  PERFORM search_refresh_proposal(ARRAY(SELECT id FROM (SELECT n.* FROM new_rows n JOIN old_rows o ON o.id = n.id
        WHERE ROW(n.number, n.title, n.opportunity_id) IS DISTINCT FROM ROW(o.number, o.title, o.opportunity_id)) changed));
  RETURN NULL;
END $fn$;--> statement-breakpoint
DROP TRIGGER IF EXISTS search_update_proposals ON proposals;--> statement-breakpoint
CREATE TRIGGER search_update_proposals AFTER UPDATE ON proposals REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_update_proposals();--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_delete_proposals() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  DELETE FROM search_entries WHERE kind = 'proposal' AND record_id IN (SELECT id FROM old_rows);
  RETURN NULL;
END $fn$;--> statement-breakpoint
DROP TRIGGER IF EXISTS search_delete_proposals ON proposals;--> statement-breakpoint
CREATE TRIGGER search_delete_proposals AFTER DELETE ON proposals REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION search_delete_proposals();--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_truncate_proposals() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  DELETE FROM search_entries WHERE kind = 'proposal';
  RETURN NULL;
END $fn$;--> statement-breakpoint
DROP TRIGGER IF EXISTS search_truncate_proposals ON proposals;--> statement-breakpoint
CREATE TRIGGER search_truncate_proposals AFTER TRUNCATE ON proposals  FOR EACH STATEMENT EXECUTE FUNCTION search_truncate_proposals();--> statement-breakpoint
DELETE FROM search_entries WHERE kind = 'organization';--> statement-breakpoint
INSERT INTO search_entries (kind, record_id, field, label, match, related, typos, prose, term, value, name, detail, id1, id2)
    SELECT 'organization', t.id, 0, 'Name', 'text',
      false, true, false, (t.name)::text, coalesce((t.name)::text, ''),
      coalesce((t.name)::text, ''), (NULL)::text, (NULL)::int, (NULL)::int
    FROM organizations t
    WHERE true AND (t.name)::text <> ''
    UNION ALL SELECT 'organization', t.id, 1, 'Short Code', 'code',
      false, false, false, (t.short_code)::text, coalesce((t.short_code)::text, ''),
      coalesce((t.name)::text, ''), (NULL)::text, (NULL)::int, (NULL)::int
    FROM organizations t
    WHERE true AND (t.short_code)::text <> ''
    UNION ALL SELECT 'organization', t.id, 2, 'Phone', 'digits',
      false, false, false, (regexp_replace(t.phone, '\D', '', 'g'))::text, coalesce((t.phone)::text, ''),
      coalesce((t.name)::text, ''), (NULL)::text, (NULL)::int, (NULL)::int
    FROM organizations t
    WHERE true AND (regexp_replace(t.phone, '\D', '', 'g'))::text <> '';--> statement-breakpoint
DELETE FROM search_entries WHERE kind = 'equipment';--> statement-breakpoint
INSERT INTO search_entries (kind, record_id, field, label, match, related, typos, prose, term, value, name, detail, id1, id2)
    SELECT 'equipment', t.id, 0, 'Name', 'text',
      false, true, false, (t.name)::text, coalesce((t.name)::text, ''),
      coalesce((t.name)::text, ''), (NULL)::text, (NULL)::int, (NULL)::int
    FROM equipment t
    WHERE true AND (t.name)::text <> ''
    UNION ALL SELECT 'equipment', t.id, 1, 'Serial Number', 'code',
      false, false, false, (t.serial_number)::text, coalesce((t.serial_number)::text, ''),
      coalesce((t.name)::text, ''), (NULL)::text, (NULL)::int, (NULL)::int
    FROM equipment t
    WHERE true AND (t.serial_number)::text <> ''
    UNION ALL SELECT 'equipment', t.id, 2, 'Model', 'text',
      false, true, false, (t.model)::text, coalesce((t.model)::text, ''),
      coalesce((t.name)::text, ''), (NULL)::text, (NULL)::int, (NULL)::int
    FROM equipment t
    WHERE true AND (t.model)::text <> '';--> statement-breakpoint
DELETE FROM search_entries WHERE kind = 'agreement';--> statement-breakpoint
INSERT INTO search_entries (kind, record_id, field, label, match, related, typos, prose, term, value, name, detail, id1, id2)
    SELECT 'agreement', t.id, 0, 'Number', 'code',
      false, false, false, (t.number)::text, coalesce((t.number)::text, ''),
      coalesce((t.number || ' ' || t.title)::text, ''), (NULL)::text, (NULL)::int, (NULL)::int
    FROM agreements t
    WHERE true AND (t.number)::text <> ''
    UNION ALL SELECT 'agreement', t.id, 1, 'Title', 'text',
      false, true, false, (t.title)::text, coalesce((t.title)::text, ''),
      coalesce((t.number || ' ' || t.title)::text, ''), (NULL)::text, (NULL)::int, (NULL)::int
    FROM agreements t
    WHERE true AND (t.title)::text <> ''
    UNION ALL SELECT 'agreement', t.id, 2, 'Organization', 'text',
      true, true, false, (o.name)::text, coalesce((o.name)::text, ''),
      coalesce((t.number || ' ' || t.title)::text, ''), (NULL)::text, (NULL)::int, (NULL)::int
    FROM agreements t JOIN organizations o ON o.id = t.organization_id
    WHERE true AND (o.name)::text <> '';--> statement-breakpoint
DELETE FROM search_entries WHERE kind = 'person';--> statement-breakpoint
INSERT INTO search_entries (kind, record_id, field, label, match, related, typos, prose, term, value, name, detail, id1, id2)
    SELECT 'person', t.id, 0, 'Name', 'text',
      false, true, false, ((t.first_name || ' ' || t.last_name))::text, coalesce(((t.first_name || ' ' || t.last_name))::text, ''),
      coalesce((t.first_name || ' ' || t.last_name)::text, ''), (NULL)::text, (NULL)::int, (NULL)::int
    FROM people t
    WHERE true AND ((t.first_name || ' ' || t.last_name))::text <> ''
    UNION ALL SELECT 'person', t.id, 1, 'Email', 'code',
      false, false, false, (t.email)::text, coalesce((t.email)::text, ''),
      coalesce((t.first_name || ' ' || t.last_name)::text, ''), (NULL)::text, (NULL)::int, (NULL)::int
    FROM people t
    WHERE true AND (t.email)::text <> ''
    UNION ALL SELECT 'person', t.id, 2, 'Phone', 'digits',
      false, false, false, (regexp_replace(t.phone, '\D', '', 'g'))::text, coalesce((t.phone)::text, ''),
      coalesce((t.first_name || ' ' || t.last_name)::text, ''), (NULL)::text, (NULL)::int, (NULL)::int
    FROM people t
    WHERE true AND (regexp_replace(t.phone, '\D', '', 'g'))::text <> '';--> statement-breakpoint
DELETE FROM search_entries WHERE kind = 'software';--> statement-breakpoint
INSERT INTO search_entries (kind, record_id, field, label, match, related, typos, prose, term, value, name, detail, id1, id2)
    SELECT 'software', t.id, 0, 'Name', 'text',
      false, true, false, (t.name)::text, coalesce((t.name)::text, ''),
      coalesce((t.name)::text, ''), (NULL)::text, (NULL)::int, (NULL)::int
    FROM software t
    WHERE true AND (t.name)::text <> '';--> statement-breakpoint
DELETE FROM search_entries WHERE kind = 'case';--> statement-breakpoint
INSERT INTO search_entries (kind, record_id, field, label, match, related, typos, prose, term, value, name, detail, id1, id2)
    SELECT 'case', t.id, 0, 'Number', 'number',
      false, false, false, (t.id)::text, coalesce((t.id::text)::text, ''),
      coalesce((t.title)::text, ''), (NULL)::text, (NULL)::int, (NULL)::int
    FROM cases t
    WHERE true AND (t.id)::text <> ''
    UNION ALL SELECT 'case', t.id, 1, 'Title', 'text',
      false, true, false, (t.title)::text, coalesce((t.title)::text, ''),
      coalesce((t.title)::text, ''), (NULL)::text, (NULL)::int, (NULL)::int
    FROM cases t
    WHERE true AND (t.title)::text <> '';--> statement-breakpoint
DELETE FROM search_entries WHERE kind = 'task';--> statement-breakpoint
INSERT INTO search_entries (kind, record_id, field, label, match, related, typos, prose, term, value, name, detail, id1, id2)
    SELECT 'task', t.id, 0, 'Title', 'text',
      false, true, false, (t.title)::text, coalesce((t.title)::text, ''),
      coalesce((t.title)::text, ''), (NULL)::text, (t.case_id)::int, (NULL)::int
    FROM tasks t
    WHERE true AND (t.title)::text <> '';--> statement-breakpoint
DELETE FROM search_entries WHERE kind = 'slip';--> statement-breakpoint
INSERT INTO search_entries (kind, record_id, field, label, match, related, typos, prose, term, value, name, detail, id1, id2)
    SELECT 'slip', t.id, 0, 'Comment', 'text',
      false, false, true, (t.comment)::text, coalesce((t.comment)::text, ''),
      coalesce(('Slip #' || t.id || ' - ' || k.title)::text, ''), (NULL)::text, (k.case_id)::int, (t.task_id)::int
    FROM slips t JOIN tasks k ON k.id = t.task_id
    WHERE true AND (t.comment)::text <> '';--> statement-breakpoint
DELETE FROM search_entries WHERE kind = 'opportunity';--> statement-breakpoint
INSERT INTO search_entries (kind, record_id, field, label, match, related, typos, prose, term, value, name, detail, id1, id2)
    SELECT 'opportunity', t.id, 0, 'Number', 'code',
      false, false, false, (t.number)::text, coalesce((t.number)::text, ''),
      coalesce((t.number || ' ' || t.title)::text, ''), (o.name || coalesce(' · ' || sg.name, ''))::text, (NULL)::int, (NULL)::int
    FROM opportunities t JOIN organizations o ON o.id = t.organization_id LEFT JOIN (SELECT (st->>'id')::int AS id, st->>'name' AS name
    FROM jsonb_array_elements(coalesce(
      (SELECT value->'stages' FROM settings WHERE key = 'opportunity_settings'),
      '[{"id":1,"name":"Qualification","probability":10,"outcome":"OPEN"},{"id":2,"name":"Discovery","probability":25,"outcome":"OPEN"},{"id":3,"name":"Proposal","probability":50,"outcome":"OPEN"},{"id":4,"name":"Negotiation","probability":75,"outcome":"OPEN"},{"id":5,"name":"Won","probability":100,"outcome":"WON"},{"id":6,"name":"Lost","probability":0,"outcome":"LOST"}]'::jsonb)) st) sg ON sg.id = t.stage_id
    WHERE true AND (t.number)::text <> ''
    UNION ALL SELECT 'opportunity', t.id, 1, 'Title', 'text',
      false, true, false, (t.title)::text, coalesce((t.title)::text, ''),
      coalesce((t.number || ' ' || t.title)::text, ''), (o.name || coalesce(' · ' || sg.name, ''))::text, (NULL)::int, (NULL)::int
    FROM opportunities t JOIN organizations o ON o.id = t.organization_id LEFT JOIN (SELECT (st->>'id')::int AS id, st->>'name' AS name
    FROM jsonb_array_elements(coalesce(
      (SELECT value->'stages' FROM settings WHERE key = 'opportunity_settings'),
      '[{"id":1,"name":"Qualification","probability":10,"outcome":"OPEN"},{"id":2,"name":"Discovery","probability":25,"outcome":"OPEN"},{"id":3,"name":"Proposal","probability":50,"outcome":"OPEN"},{"id":4,"name":"Negotiation","probability":75,"outcome":"OPEN"},{"id":5,"name":"Won","probability":100,"outcome":"WON"},{"id":6,"name":"Lost","probability":0,"outcome":"LOST"}]'::jsonb)) st) sg ON sg.id = t.stage_id
    WHERE true AND (t.title)::text <> '';--> statement-breakpoint
DELETE FROM search_entries WHERE kind = 'proposal';--> statement-breakpoint
INSERT INTO search_entries (kind, record_id, field, label, match, related, typos, prose, term, value, name, detail, id1, id2)
    SELECT 'proposal', t.id, 0, 'Number', 'code',
      false, false, false, (t.number)::text, coalesce((t.number)::text, ''),
      coalesce((t.number || ' ' || t.title)::text, ''), ('Opportunity ' || op.number || ' ' || op.title)::text, (t.opportunity_id)::int, (NULL)::int
    FROM proposals t JOIN opportunities op ON op.id = t.opportunity_id
    WHERE true AND (t.number)::text <> ''
    UNION ALL SELECT 'proposal', t.id, 1, 'Title', 'text',
      false, true, false, (t.title)::text, coalesce((t.title)::text, ''),
      coalesce((t.number || ' ' || t.title)::text, ''), ('Opportunity ' || op.number || ' ' || op.title)::text, (t.opportunity_id)::int, (NULL)::int
    FROM proposals t JOIN opportunities op ON op.id = t.opportunity_id
    WHERE true AND (t.title)::text <> ''

-- Hand-written: the kept figures of time not billed (src/server/modules/report/billing/wip-days.ts), which the WIP list
-- and the bill list read. Priced by the billing rules, summed per organization, work day, staff member, case, task,
-- multiplier and rate (one rate per organization-month); an organization-month is priced again when something its
-- figures depend on changes. The triggers below only mark the months (wip_dirty), in the transaction
-- of the change: the pricing itself runs when a list is next read, so a slip save pays for a mark, not a price.
-- No key between these tables cascades (a task, case, agreement or organization is removed only once nothing refers
-- to it), so the removals that change figures are of slips, services and billed lines, each marked by its own trigger.
CREATE TABLE "wip_days" (
	"org_id" integer NOT NULL,
	"work_date" date NOT NULL,
	"user_id" integer NOT NULL,
	"case_id" integer NOT NULL,
	"task_id" integer NOT NULL,
	"multi" numeric(3, 1) NOT NULL,
	"rate" numeric(12, 2) NOT NULL,
	"minutes" integer NOT NULL,
	"billable" integer NOT NULL,
	"covered" integer NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	CONSTRAINT "wip_days_pkey" PRIMARY KEY ("org_id", "work_date", "user_id", "case_id", "task_id", "multi")
);--> statement-breakpoint
-- The bill list reads a case's figures.
CREATE INDEX "wip_days_case" ON "wip_days" USING btree ("case_id");--> statement-breakpoint
-- An organization-month to price again. `version` is bumped (not left alone) by a second mark, so a mark being taken
-- by a pricing run waits for the change that marks it again to commit, or that change's mark outlives the run.
CREATE TABLE "wip_dirty" (
	"org_id" integer NOT NULL,
	"month" date NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "wip_dirty_pkey" PRIMARY KEY ("org_id", "month")
);--> statement-breakpoint
-- What the kept figures were priced by (the default rate and rounding): another value prices everything again.
-- No row: nothing is kept yet (a new database, or a table emptied at once by TRUNCATE).
CREATE TABLE "wip_state" (
	"id" boolean DEFAULT true NOT NULL,
	"priced_by" text NOT NULL,
	CONSTRAINT "wip_state_pkey" PRIMARY KEY ("id"),
	CONSTRAINT "wip_state_one" CHECK ("id")
);--> statement-breakpoint
-- Every month of these organizations that holds figures.
CREATE OR REPLACE FUNCTION wip_mark_organizations(ids integer[]) RETURNS void LANGUAGE plpgsql AS $fn$
BEGIN
  IF cardinality(ids) = 0 THEN RETURN; END IF;
  INSERT INTO wip_dirty AS w (org_id, month)
  SELECT DISTINCT d.org_id, date_trunc('month', d.work_date)::date FROM wip_days d WHERE d.org_id = ANY(ids)
  ON CONFLICT (org_id, month) DO UPDATE SET version = w.version + 1;
END $fn$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION wip_forget() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  DELETE FROM wip_state;
  RETURN NULL;
END $fn$;--> statement-breakpoint
-- Slips: the months of the finished slips added, removed, or changed in what prices them, on cases not billed (the
-- list prices no billed case's slips; what billed lines hold is read from billed_slips).
CREATE OR REPLACE FUNCTION wip_slips_insert() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  INSERT INTO wip_dirty AS w (org_id, month)
  SELECT DISTINCT c.organization_id, date_trunc('month', r.work_date)::date
    FROM new_rows r JOIN tasks t ON t.id = r.task_id JOIN cases c ON c.id = t.case_id
   WHERE r.stop_time IS NOT NULL AND c.billed_at IS NULL
  ON CONFLICT (org_id, month) DO UPDATE SET version = w.version + 1;
  RETURN NULL;
END $fn$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION wip_slips_update() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  -- The month before the change and after it.
  INSERT INTO wip_dirty AS w (org_id, month)
  SELECT DISTINCT c.organization_id, date_trunc('month', r.work_date)::date
    FROM old_rows o JOIN new_rows n ON n.id = o.id
     AND ROW(o.task_id, o.user_id, o.work_date, o.start_time, o.stop_time, o.rate_multiplier)
         IS DISTINCT FROM ROW(n.task_id, n.user_id, n.work_date, n.start_time, n.stop_time, n.rate_multiplier)
    CROSS JOIN LATERAL (VALUES (o.task_id, o.work_date), (n.task_id, n.work_date)) r(task_id, work_date)
    JOIN tasks t ON t.id = r.task_id JOIN cases c ON c.id = t.case_id
   WHERE c.billed_at IS NULL
  ON CONFLICT (org_id, month) DO UPDATE SET version = w.version + 1;
  RETURN NULL;
END $fn$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION wip_slips_delete() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  INSERT INTO wip_dirty AS w (org_id, month)
  SELECT DISTINCT c.organization_id, date_trunc('month', r.work_date)::date
    FROM old_rows r JOIN tasks t ON t.id = r.task_id JOIN cases c ON c.id = t.case_id
   WHERE r.stop_time IS NOT NULL AND c.billed_at IS NULL
  ON CONFLICT (org_id, month) DO UPDATE SET version = w.version + 1;
  RETURN NULL;
END $fn$;--> statement-breakpoint
-- Tasks moved to another case: their slips' months under both cases' organizations.
CREATE OR REPLACE FUNCTION wip_tasks_update() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  INSERT INTO wip_dirty AS w (org_id, month)
  SELECT DISTINCT c.organization_id, date_trunc('month', s.work_date)::date
    FROM old_rows o JOIN new_rows n ON n.id = o.id AND n.case_id IS DISTINCT FROM o.case_id
    JOIN slips s ON s.task_id = n.id
    JOIN cases c ON c.id IN (o.case_id, n.case_id)
  ON CONFLICT (org_id, month) DO UPDATE SET version = w.version + 1;
  RETURN NULL;
END $fn$;--> statement-breakpoint
-- Cases billed, unbilled or moved to another organization: their slips' months, under both organizations.
CREATE OR REPLACE FUNCTION wip_cases_update() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  INSERT INTO wip_dirty AS w (org_id, month)
  SELECT DISTINCT x.org_id, date_trunc('month', s.work_date)::date
    FROM old_rows o JOIN new_rows n ON n.id = o.id
     AND ROW(n.organization_id, n.billed_at) IS DISTINCT FROM ROW(o.organization_id, o.billed_at)
    JOIN tasks t ON t.case_id = n.id
    JOIN slips s ON s.task_id = t.id
    CROSS JOIN LATERAL (VALUES (o.organization_id), (n.organization_id)) x(org_id)
  ON CONFLICT (org_id, month) DO UPDATE SET version = w.version + 1;
  RETURN NULL;
END $fn$;--> statement-breakpoint
-- An organization's own rounding rule.
CREATE OR REPLACE FUNCTION wip_organizations_update() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  PERFORM wip_mark_organizations(ARRAY(
    SELECT n.id FROM old_rows o JOIN new_rows n ON n.id = o.id
     WHERE ROW(n.rounding_minimum, n.rounding_increment) IS DISTINCT FROM ROW(o.rounding_minimum, o.rounding_increment)));
  RETURN NULL;
END $fn$;--> statement-breakpoint
-- Agreements and their services: block hours (covered minutes, their rate) and service rounding rules.
CREATE OR REPLACE FUNCTION wip_agreements_update() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  PERFORM wip_mark_organizations(ARRAY(
    SELECT x.org_id FROM old_rows o JOIN new_rows n ON n.id = o.id
       AND ROW(n.organization_id, n.status, n.start_date, n.end_date)
           IS DISTINCT FROM ROW(o.organization_id, o.status, o.start_date, o.end_date)
     CROSS JOIN LATERAL (VALUES (o.organization_id), (n.organization_id)) x(org_id)));
  RETURN NULL;
END $fn$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION wip_services_insert() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  PERFORM wip_mark_organizations(ARRAY(
    SELECT DISTINCT a.organization_id FROM new_rows r JOIN agreements a ON a.id = r.agreement_id));
  RETURN NULL;
END $fn$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION wip_services_update() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  PERFORM wip_mark_organizations(ARRAY(
    SELECT DISTINCT a.organization_id
      FROM (SELECT agreement_id FROM old_rows UNION SELECT agreement_id FROM new_rows) r
      JOIN agreements a ON a.id = r.agreement_id));
  RETURN NULL;
END $fn$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION wip_services_delete() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  PERFORM wip_mark_organizations(ARRAY(
    SELECT DISTINCT a.organization_id FROM old_rows r JOIN agreements a ON a.id = r.agreement_id));
  RETURN NULL;
END $fn$;--> statement-breakpoint
-- Whether a service type is block hours changes what every organization's services cover: everything is priced again.
CREATE OR REPLACE FUNCTION wip_service_types_update() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF EXISTS (SELECT FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE n.block_hours IS DISTINCT FROM o.block_hours) THEN
    DELETE FROM wip_state;
  END IF;
  RETURN NULL;
END $fn$;--> statement-breakpoint
-- Billed lines hold block minutes the month's other cases can no longer use: the months that hold figures (a month
-- with none has no time left to price; one still to be priced is marked already).
CREATE OR REPLACE FUNCTION wip_billed_insert() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  INSERT INTO wip_dirty AS w (org_id, month)
  SELECT m.org_id, m.month
    FROM (SELECT DISTINCT organization_id AS org_id, date_trunc('month', work_date)::date AS month FROM new_rows) m
   WHERE EXISTS (SELECT FROM wip_days d WHERE d.org_id = m.org_id AND d.work_date >= m.month
                    AND d.work_date < (m.month + interval '1 month')::date)
  ON CONFLICT (org_id, month) DO UPDATE SET version = w.version + 1;
  RETURN NULL;
END $fn$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION wip_billed_update() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  INSERT INTO wip_dirty AS w (org_id, month)
  SELECT m.org_id, m.month
    FROM (SELECT DISTINCT organization_id AS org_id, date_trunc('month', work_date)::date AS month FROM (SELECT * FROM old_rows UNION ALL SELECT * FROM new_rows) r) m
   WHERE EXISTS (SELECT FROM wip_days d WHERE d.org_id = m.org_id AND d.work_date >= m.month
                    AND d.work_date < (m.month + interval '1 month')::date)
  ON CONFLICT (org_id, month) DO UPDATE SET version = w.version + 1;
  RETURN NULL;
END $fn$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION wip_billed_delete() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  INSERT INTO wip_dirty AS w (org_id, month)
  SELECT m.org_id, m.month
    FROM (SELECT DISTINCT organization_id AS org_id, date_trunc('month', work_date)::date AS month FROM old_rows) m
   WHERE EXISTS (SELECT FROM wip_days d WHERE d.org_id = m.org_id AND d.work_date >= m.month
                    AND d.work_date < (m.month + interval '1 month')::date)
  ON CONFLICT (org_id, month) DO UPDATE SET version = w.version + 1;
  RETURN NULL;
END $fn$;--> statement-breakpoint
CREATE TRIGGER wip_slips_insert AFTER INSERT ON slips REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION wip_slips_insert();--> statement-breakpoint
CREATE TRIGGER wip_slips_update AFTER UPDATE ON slips REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION wip_slips_update();--> statement-breakpoint
CREATE TRIGGER wip_slips_delete AFTER DELETE ON slips REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION wip_slips_delete();--> statement-breakpoint
CREATE TRIGGER wip_tasks_update AFTER UPDATE ON tasks REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION wip_tasks_update();--> statement-breakpoint
CREATE TRIGGER wip_cases_update AFTER UPDATE ON cases REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION wip_cases_update();--> statement-breakpoint
CREATE TRIGGER wip_organizations_update AFTER UPDATE ON organizations REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION wip_organizations_update();--> statement-breakpoint
CREATE TRIGGER wip_agreements_update AFTER UPDATE ON agreements REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION wip_agreements_update();--> statement-breakpoint
CREATE TRIGGER wip_services_insert AFTER INSERT ON agreement_services REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION wip_services_insert();--> statement-breakpoint
CREATE TRIGGER wip_services_update AFTER UPDATE ON agreement_services REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION wip_services_update();--> statement-breakpoint
CREATE TRIGGER wip_services_delete AFTER DELETE ON agreement_services REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION wip_services_delete();--> statement-breakpoint
CREATE TRIGGER wip_service_types_update AFTER UPDATE ON service_types REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION wip_service_types_update();--> statement-breakpoint
CREATE TRIGGER wip_billed_insert AFTER INSERT ON billed_slips REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION wip_billed_insert();--> statement-breakpoint
CREATE TRIGGER wip_billed_update AFTER UPDATE ON billed_slips REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION wip_billed_update();--> statement-breakpoint
CREATE TRIGGER wip_billed_delete AFTER DELETE ON billed_slips REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION wip_billed_delete();--> statement-breakpoint
-- Tables emptied at once (TRUNCATE has no rows to mark): everything is priced again.
CREATE TRIGGER wip_slips_truncate AFTER TRUNCATE ON slips FOR EACH STATEMENT EXECUTE FUNCTION wip_forget();--> statement-breakpoint
CREATE TRIGGER wip_tasks_truncate AFTER TRUNCATE ON tasks FOR EACH STATEMENT EXECUTE FUNCTION wip_forget();--> statement-breakpoint
CREATE TRIGGER wip_cases_truncate AFTER TRUNCATE ON cases FOR EACH STATEMENT EXECUTE FUNCTION wip_forget();--> statement-breakpoint
CREATE TRIGGER wip_organizations_truncate AFTER TRUNCATE ON organizations FOR EACH STATEMENT EXECUTE FUNCTION wip_forget();--> statement-breakpoint
CREATE TRIGGER wip_agreements_truncate AFTER TRUNCATE ON agreements FOR EACH STATEMENT EXECUTE FUNCTION wip_forget();--> statement-breakpoint
CREATE TRIGGER wip_services_truncate AFTER TRUNCATE ON agreement_services FOR EACH STATEMENT EXECUTE FUNCTION wip_forget();--> statement-breakpoint
CREATE TRIGGER wip_billed_truncate AFTER TRUNCATE ON billed_slips FOR EACH STATEMENT EXECUTE FUNCTION wip_forget();

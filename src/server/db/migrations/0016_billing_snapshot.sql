CREATE TABLE "billed_cases" (
	"case_id" integer PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"minutes" integer NOT NULL,
	"billable_minutes" integer NOT NULL,
	"covered_minutes" integer NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"default_rate" numeric(12, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	CONSTRAINT "billed_cases_figures" CHECK ("billed_cases"."minutes" >= 0 AND "billed_cases"."billable_minutes" >= "billed_cases"."covered_minutes" AND "billed_cases"."covered_minutes" >= 0 AND "billed_cases"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "billed_slips" (
	"slip_id" integer PRIMARY KEY NOT NULL,
	"case_id" integer NOT NULL,
	"organization_id" integer NOT NULL,
	"task_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"work_date" date NOT NULL,
	"minutes" integer NOT NULL,
	"billable_minutes" integer NOT NULL,
	"multiplier" numeric(3, 1) NOT NULL,
	"covered_minutes" integer NOT NULL,
	"rate" numeric(12, 2) NOT NULL,
	"rounding_minimum" integer NOT NULL,
	"rounding_increment" integer NOT NULL,
	"rounding_source" text NOT NULL,
	"rounding_service" text,
	"rounding_label" text NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	CONSTRAINT "billed_slips_source" CHECK ("billed_slips"."rounding_source" IN ('DEFAULT', 'ORGANIZATION', 'SERVICE')),
	CONSTRAINT "billed_slips_figures" CHECK ("billed_slips"."minutes" >= 0 AND "billed_slips"."billable_minutes" >= "billed_slips"."covered_minutes" AND "billed_slips"."covered_minutes" >= 0 AND "billed_slips"."amount" >= 0)
);
--> statement-breakpoint
ALTER TABLE "billed_cases" ADD CONSTRAINT "billed_cases_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billed_cases" ADD CONSTRAINT "billed_cases_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billed_cases" ADD CONSTRAINT "billed_cases_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billed_slips" ADD CONSTRAINT "billed_slips_slip_id_slips_id_fk" FOREIGN KEY ("slip_id") REFERENCES "public"."slips"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billed_slips" ADD CONSTRAINT "billed_slips_case_id_billed_cases_case_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."billed_cases"("case_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billed_slips" ADD CONSTRAINT "billed_slips_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billed_slips" ADD CONSTRAINT "billed_slips_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billed_slips" ADD CONSTRAINT "billed_slips_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "billed_slips_case_idx" ON "billed_slips" USING btree ("case_id","work_date");--> statement-breakpoint
CREATE INDEX "billed_slips_covered_idx" ON "billed_slips" USING btree ("organization_id","work_date") WHERE "billed_slips"."covered_minutes" > 0;
--> statement-breakpoint
-- The cases billed before this migration get their snapshot, priced by the rule of this version: their lines and
-- amount as Mark Billed stores them (the SQL of snapshotBilledCases in src/server/modules/report/billing-snapshot.ts).
WITH listed_slips AS (
      SELECT s.id, c.id AS case_id, c.organization_id AS org_id, s.task_id, s.user_id, s.rate_multiplier AS multi,
             s.work_date, (extract(epoch FROM s.stop_time - s.start_time) / 60)::int AS minutes
        FROM cases c JOIN tasks t ON t.case_id = c.id JOIN slips s ON s.task_id = t.id
       WHERE c.billed_at IS NOT NULL AND s.stop_time IS NOT NULL AND NOT EXISTS (SELECT 1 FROM billed_cases nbc WHERE nbc.case_id = c.id)),
    org_months AS (SELECT DISTINCT org_id, date_trunc('month', work_date)::date AS month FROM listed_slips),
    coverage AS (
      SELECT om.org_id, om.month, COALESCE(sum(b.covered), 0)::int AS covered,
             (array_agg(b.rate ORDER BY b.start_date DESC, b.id DESC) FILTER (WHERE b.id IS NOT NULL))[1] AS rate
        FROM org_months om
        LEFT JOIN LATERAL (
          SELECT s.id, s.start_date, round(s.unit_price / s.covered_hours, 2) AS rate,
                 floor(s.covered_hours * s.quantity * 60
                       * (LEAST((om.month + interval '1 month' - interval '1 day')::date, COALESCE(s.end_date, (om.month + interval '1 month' - interval '1 day')::date), COALESCE(a.end_date, (om.month + interval '1 month' - interval '1 day')::date))
                          - GREATEST(om.month, s.start_date, a.start_date) + 1)
                       / ((om.month + interval '1 month' - interval '1 day')::date - om.month + 1)) AS covered
            FROM agreements a
            JOIN agreement_services s ON s.agreement_id = a.id
            JOIN service_types st ON st.id = s.service_type_id AND st.block_hours
           WHERE a.organization_id = om.org_id AND s.covered_hours > 0
             AND s.start_date <= (om.month + interval '1 month' - interval '1 day')::date AND (s.end_date IS NULL OR s.end_date >= om.month)
             AND a.start_date <= (om.month + interval '1 month' - interval '1 day')::date AND (a.end_date IS NULL OR a.end_date >= om.month)
             AND (a.status = 'OPEN' OR a.end_date IS NOT NULL)) b ON true
       GROUP BY om.org_id, om.month),
    -- What the block hours of a month have left once the billed lines of the month took theirs.
    available AS (
      SELECT * FROM (
        SELECT cv.org_id, cv.month, cv.covered - COALESCE((
                 SELECT sum(bs.covered_minutes) FROM billed_slips bs
                  WHERE bs.organization_id = cv.org_id AND bs.covered_minutes > 0
                    AND bs.work_date >= cv.month AND bs.work_date < (cv.month + interval '1 month')::date), 0)::int
                 AS available
          FROM coverage cv WHERE cv.covered > 0) x
       WHERE x.available > 0),
    -- Materialized: the few services with a rule, read once; each organization day then probes this short list.
    ruled_services AS MATERIALIZED (SELECT rs.id, ra.organization_id AS org_id, rs.start_date, rs.end_date,
         rs.rounding_minimum, rs.rounding_increment, rst.name AS service_name
    FROM agreements ra
    JOIN agreement_services rs ON rs.agreement_id = ra.id
    JOIN service_types rst ON rst.id = rs.service_type_id
   WHERE ra.status = 'OPEN' AND (rs.rounding_minimum IS NOT NULL OR rs.rounding_increment IS NOT NULL)),
    -- The rate of each organization-month as one row of look-ups (see covered), read once per organization day.
    rates AS MATERIALIZED (
      SELECT COALESCE(jsonb_object_agg(cv.org_id || ':' || cv.month, cv.rate), '{}') AS m
        FROM coverage cv WHERE cv.rate IS NOT NULL),
    rule_days AS (
      SELECT r.*, (rt.m ->> (r.org_id || ':' || date_trunc('month', r.work_date)::date))::numeric AS rate
        FROM (SELECT d.org_id, d.work_date, (CASE WHEN rr.id IS NOT NULL THEN COALESCE(rr.rounding_minimum, 0)
           WHEN (ro.rounding_minimum IS NOT NULL OR ro.rounding_increment IS NOT NULL) THEN COALESCE(ro.rounding_minimum, 0) ELSE 0 END) AS minimum, (CASE WHEN rr.id IS NOT NULL THEN COALESCE(rr.rounding_increment, 5)
           WHEN (ro.rounding_minimum IS NOT NULL OR ro.rounding_increment IS NOT NULL) THEN COALESCE(ro.rounding_increment, 5) ELSE 5 END) AS increment,
               (CASE WHEN rr.id IS NOT NULL THEN 'SERVICE' WHEN (ro.rounding_minimum IS NOT NULL OR ro.rounding_increment IS NOT NULL) THEN 'ORGANIZATION' ELSE 'DEFAULT' END) AS source, rr.service_name AS service, ro.name AS org_name
        FROM (SELECT DISTINCT org_id, work_date FROM listed_slips
                UNION
                SELECT av.org_id, generate_series(av.month, (av.month + interval '1 month' - interval '1 day')::date,
                                                  interval '1 day')::date
                  FROM available av) d
        JOIN organizations ro ON ro.id = d.org_id
        LEFT JOIN LATERAL (
      SELECT rsv.id, rsv.rounding_minimum, rsv.rounding_increment, rsv.service_name
        FROM ruled_services rsv
       WHERE rsv.org_id = d.org_id AND rsv.start_date <= d.work_date AND (rsv.end_date IS NULL OR rsv.end_date >= d.work_date)
       ORDER BY rsv.start_date DESC, rsv.id DESC
       LIMIT 1) rr ON true) r CROSS JOIN rates rt),
    month_slips AS (
      SELECT av.org_id, av.month, av.available, x.id, x.work_date, x.start_time,
             round((CASE WHEN (x.minutes) <= 0 THEN 0
         ELSE (ceil(GREATEST(x.minutes, rd.minimum)::numeric / (rd.increment)) * (rd.increment))::int END) * (x.multi)::numeric)::int AS billable
        FROM available av
        CROSS JOIN LATERAL (
          SELECT s.id, s.work_date, s.start_time, s.rate_multiplier AS multi, (extract(epoch FROM s.stop_time - s.start_time) / 60)::int AS minutes
            FROM cases c JOIN tasks t ON t.case_id = c.id JOIN slips s ON s.task_id = t.id
           WHERE c.organization_id = av.org_id AND NOT EXISTS (SELECT 1 FROM billed_cases nbc WHERE nbc.case_id = c.id) AND s.stop_time IS NOT NULL AND s.rate_multiplier > 0
             AND s.work_date >= av.month AND s.work_date < (av.month + interval '1 month')::date
          -- Kept a subquery per organization-month (not flattened into a join): its slips come through their
          -- organization's cases and tasks and the task-and-day index, never a scan of every slip.
          OFFSET 0) x
        -- The rule days are joined once, outside the subquery (inside it they would be scanned per month).
        JOIN rule_days rd ON rd.org_id = av.org_id AND rd.work_date = x.work_date),
    -- The covered minutes of each slip (by id) as one row of look-ups: each listed slip finds its own in a sorted
    -- jsonb object, whatever plan the statistics (none on an embedded database) lead to; a join could be run as a
    -- loop over every pair.
    covered AS MATERIALIZED (
      SELECT COALESCE(jsonb_object_agg(z.id::text, z.covered), '{}') AS m
        FROM (SELECT ms.id,
                     LEAST(ms.billable, GREATEST(0, ms.available - (sum(ms.billable) OVER w - ms.billable))) AS covered
                FROM month_slips ms
              WINDOW w AS (PARTITION BY ms.org_id, ms.month ORDER BY ms.work_date, ms.start_time, ms.id
                           ROWS UNBOUNDED PRECEDING)) z
       WHERE z.covered > 0),
    slip_lines AS (
      SELECT x.id, x.case_id, x.org_id, x.task_id, x.user_id, x.multi, x.work_date, x.month, x.minutes, x.billable, x.covered, x.rate,
             round(((x.billable) - (x.covered)) * (x.rate) / 60, 2) AS amount, x.minimum, x.increment, x.source,
             x.service, (CASE x.source WHEN 'SERVICE' THEN btrim(x.org_name || ' agreement service ' || COALESCE(x.service, ''))
                   WHEN 'ORGANIZATION' THEN x.org_name ELSE 'default' END) AS label
        FROM (
          SELECT ls.id, ls.case_id, ls.org_id, ls.task_id, ls.user_id, ls.multi, ls.work_date,
                 date_trunc('month', ls.work_date)::date AS month, ls.minutes,
                 round((CASE WHEN (ls.minutes) <= 0 THEN 0
         ELSE (ceil(GREATEST(ls.minutes, rd.minimum)::numeric / (rd.increment)) * (rd.increment))::int END) * (ls.multi)::numeric)::int AS billable, COALESCE((cm.m ->> ls.id::text)::int, 0) AS covered,
                 COALESCE(rd.rate, COALESCE((SELECT (value->>'defaultHourlyRate')::numeric FROM settings
                                            WHERE key = 'billing'),
                                           150.00)) AS rate, rd.minimum, rd.increment, rd.source, rd.service, rd.org_name
            FROM listed_slips ls
            JOIN rule_days rd ON rd.org_id = ls.org_id AND rd.work_date = ls.work_date
            CROSS JOIN covered cm
          -- Not flattened: each line leaves here with its figures, not with the look-ups (a sort above would carry
          -- them along on every row).
          OFFSET 0) x
      ),
    priced AS (
      SELECT sl.case_id, sl.org_id, sl.task_id, sl.multi, sl.month,
             sl.rate, sum(sl.minutes)::int AS minutes, sum(sl.billable)::int AS billable,
             sum(sl.covered)::int AS covered, sum(sl.amount) AS amount,
             min(sl.work_date) AS first_date, max(sl.work_date) AS last_date
        FROM slip_lines sl
       GROUP BY sl.case_id, sl.org_id, sl.task_id, sl.multi, sl.month, sl.rate),
    heads AS (
      INSERT INTO billed_cases (case_id, organization_id, minutes, billable_minutes, covered_minutes, amount,
                                default_rate, created_by)
      SELECT sl.case_id, sl.org_id, sum(sl.minutes), sum(sl.billable), sum(sl.covered), sum(sl.amount), COALESCE((SELECT (value->>'defaultHourlyRate')::numeric FROM settings
                                            WHERE key = 'billing'),
                                           150.00),
             NULL::int
        FROM slip_lines sl GROUP BY sl.case_id, sl.org_id
      RETURNING case_id, minutes, billable_minutes, covered_minutes, amount::text),
    lines AS (
      INSERT INTO billed_slips (slip_id, case_id, organization_id, task_id, user_id, work_date, minutes,
                                billable_minutes, multiplier, covered_minutes, rate, rounding_minimum,
                                rounding_increment, rounding_source, rounding_service, rounding_label, amount)
      SELECT sl.id, sl.case_id, sl.org_id, sl.task_id, sl.user_id, sl.work_date, sl.minutes, sl.billable, sl.multi,
             sl.covered, sl.rate, sl.minimum, sl.increment, sl.source, sl.service, sl.label, sl.amount
        FROM slip_lines sl)
    SELECT case_id AS "caseId", minutes, billable_minutes AS billable, covered_minutes AS covered, amount
      FROM heads ORDER BY case_id

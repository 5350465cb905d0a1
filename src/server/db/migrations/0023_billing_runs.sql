CREATE TABLE "billing_runs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "billing_runs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"period" date NOT NULL,
	"status" text DEFAULT 'QUEUED' NOT NULL,
	"job_id" uuid,
	"clients" integer DEFAULT 0 NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"skipped" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"error" text,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	"version" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "billing_runs_status" CHECK ("billing_runs"."status" IN ('QUEUED', 'RUNNING', 'READY', 'FAILED')),
	CONSTRAINT "billing_runs_period_day" CHECK (extract(day FROM "billing_runs"."period") = 1),
	CONSTRAINT "billing_runs_progress" CHECK ("billing_runs"."done" >= 0 AND "billing_runs"."done" <= "billing_runs"."clients")
);
--> statement-breakpoint
CREATE TABLE "invoice_counters" (
	"kind" text PRIMARY KEY NOT NULL,
	"last" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_lines" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "invoice_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"invoice_id" integer NOT NULL,
	"position" integer NOT NULL,
	"kind" text NOT NULL,
	"description" text NOT NULL,
	"quantity" numeric(12, 2) NOT NULL,
	"unit_price" numeric(12, 2) NOT NULL,
	"amount_cents" bigint NOT NULL,
	"prorate_first" integer,
	"prorate_last" integer,
	"prorate_days" integer,
	"detail" text,
	"warning" text,
	"service_type_id" integer,
	"agreement_id" integer,
	"agreement_service_id" integer,
	"case_id" integer,
	"minutes" integer,
	"billable_minutes" integer,
	"covered_minutes" integer,
	"original" jsonb,
	CONSTRAINT "invoice_lines_kind" CHECK ("invoice_lines"."kind" IN ('RECURRING', 'DEVICES', 'USERS', 'TIME', 'ONE_TIME', 'CHARGE', 'CREDIT')),
	CONSTRAINT "invoice_lines_amounts" CHECK ("invoice_lines"."quantity" >= 0 AND "invoice_lines"."unit_price" >= 0),
	CONSTRAINT "invoice_lines_prorate" CHECK (("invoice_lines"."prorate_days" IS NULL) OR (1 <= "invoice_lines"."prorate_first" AND "invoice_lines"."prorate_first" <= "invoice_lines"."prorate_last" AND "invoice_lines"."prorate_last" <= "invoice_lines"."prorate_days"))
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "invoices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"run_id" integer,
	"organization_id" integer NOT NULL,
	"kind" text DEFAULT 'INVOICE' NOT NULL,
	"status" text DEFAULT 'DRAFT' NOT NULL,
	"number" integer,
	"period_from" date NOT NULL,
	"period_to" date NOT NULL,
	"issue_date" date,
	"due_date" date,
	"contact_id" integer,
	"contact_name" text,
	"contact_email" text,
	"bill_to" text NOT NULL,
	"address" text,
	"credit_of_id" integer,
	"approved_at" timestamp with time zone,
	"approved_by" integer,
	"posted_at" timestamp with time zone,
	"posted_by" integer,
	"voided_at" timestamp with time zone,
	"voided_by" integer,
	"void_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	"version" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "invoices_kind" CHECK ("invoices"."kind" IN ('INVOICE', 'CREDIT_NOTE')),
	CONSTRAINT "invoices_status" CHECK ("invoices"."status" IN ('DRAFT', 'APPROVED', 'POSTED', 'VOID')),
	CONSTRAINT "invoices_numbered" CHECK (("invoices"."number" IS NOT NULL) = ("invoices"."status" IN ('POSTED', 'VOID'))),
	CONSTRAINT "invoices_credit" CHECK (("invoices"."kind" = 'CREDIT_NOTE') = ("invoices"."credit_of_id" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "billed_cases" ADD COLUMN "invoice_id" integer;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_service_type_id_service_types_id_fk" FOREIGN KEY ("service_type_id") REFERENCES "public"."service_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_agreement_id_agreements_id_fk" FOREIGN KEY ("agreement_id") REFERENCES "public"."agreements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_agreement_service_id_agreement_services_id_fk" FOREIGN KEY ("agreement_service_id") REFERENCES "public"."agreement_services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_run_id_billing_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."billing_runs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_contact_id_people_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."people"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_credit_of_id_invoices_id_fk" FOREIGN KEY ("credit_of_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_posted_by_users_id_fk" FOREIGN KEY ("posted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_voided_by_users_id_fk" FOREIGN KEY ("voided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "billing_runs_period_key" ON "billing_runs" USING btree ("period");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_runs_one_building" ON "billing_runs" USING btree ((true)) WHERE "billing_runs"."status" IN ('QUEUED', 'RUNNING');--> statement-breakpoint
CREATE INDEX "invoice_lines_invoice_idx" ON "invoice_lines" USING btree ("invoice_id","position");--> statement-breakpoint
CREATE INDEX "invoice_lines_case_idx" ON "invoice_lines" USING btree ("case_id") WHERE "invoice_lines"."case_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_key" ON "invoices" USING btree ("kind","number");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_run_org_key" ON "invoices" USING btree ("run_id","organization_id") WHERE "invoices"."kind" = 'INVOICE' AND "invoices"."status" <> 'VOID';--> statement-breakpoint
CREATE INDEX "invoices_run_idx" ON "invoices" USING btree ("run_id","status","id");--> statement-breakpoint
CREATE INDEX "invoices_org_idx" ON "invoices" USING btree ("organization_id","period_from");--> statement-breakpoint
ALTER TABLE "billed_cases" ADD CONSTRAINT "billed_cases_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- A posted invoice never changes: voiding it (status, who, when, why) is the one change allowed, and neither it nor
-- its lines are ever deleted or edited. The database holds this, whatever code runs against it.
CREATE OR REPLACE FUNCTION invoices_frozen() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF OLD.status IN ('POSTED', 'VOID') THEN RAISE EXCEPTION 'a posted invoice cannot be deleted'; END IF;
    RETURN OLD;
  END IF;
  IF OLD.status = 'VOID' OR (OLD.status = 'POSTED' AND (NEW.status <> 'VOID'
      OR (NEW.kind, NEW.number, NEW.organization_id, NEW.run_id, NEW.period_from, NEW.period_to, NEW.issue_date,
          NEW.due_date, NEW.bill_to, NEW.address, NEW.contact_id, NEW.contact_name, NEW.contact_email,
          NEW.posted_at, NEW.posted_by, NEW.credit_of_id)
         IS DISTINCT FROM
         (OLD.kind, OLD.number, OLD.organization_id, OLD.run_id, OLD.period_from, OLD.period_to, OLD.issue_date,
          OLD.due_date, OLD.bill_to, OLD.address, OLD.contact_id, OLD.contact_name, OLD.contact_email,
          OLD.posted_at, OLD.posted_by, OLD.credit_of_id))) THEN
    RAISE EXCEPTION 'a posted invoice cannot be changed';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER invoices_frozen BEFORE UPDATE OR DELETE ON invoices
  FOR EACH ROW EXECUTE FUNCTION invoices_frozen();
--> statement-breakpoint
-- Checked once per statement over the rows it touched (transition tables), not row by row: a run writes thousands.
CREATE OR REPLACE FUNCTION invoice_lines_frozen() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM touched_lines l JOIN invoices i ON i.id = l.invoice_id WHERE i.status IN ('POSTED', 'VOID'))
  THEN
    RAISE EXCEPTION 'the lines of a posted invoice cannot be changed';
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER invoice_lines_frozen_insert AFTER INSERT ON invoice_lines REFERENCING NEW TABLE AS touched_lines
  FOR EACH STATEMENT EXECUTE FUNCTION invoice_lines_frozen();
--> statement-breakpoint
CREATE TRIGGER invoice_lines_frozen_update_old AFTER UPDATE ON invoice_lines REFERENCING OLD TABLE AS touched_lines
  FOR EACH STATEMENT EXECUTE FUNCTION invoice_lines_frozen();
--> statement-breakpoint
CREATE TRIGGER invoice_lines_frozen_update_new AFTER UPDATE ON invoice_lines REFERENCING NEW TABLE AS touched_lines
  FOR EACH STATEMENT EXECUTE FUNCTION invoice_lines_frozen();
--> statement-breakpoint
CREATE TRIGGER invoice_lines_frozen_delete AFTER DELETE ON invoice_lines REFERENCING OLD TABLE AS touched_lines
  FOR EACH STATEMENT EXECUTE FUNCTION invoice_lines_frozen();
--> statement-breakpoint
INSERT INTO invoice_counters (kind, last) VALUES ('INVOICE', 0), ('CREDIT_NOTE', 0);

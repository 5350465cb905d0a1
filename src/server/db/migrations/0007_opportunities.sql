CREATE TABLE "opportunities" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "opportunities_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organization_id" integer NOT NULL,
	"number" text NOT NULL,
	"title" text NOT NULL,
	"stage_id" integer NOT NULL,
	"outcome" text DEFAULT 'OPEN' NOT NULL,
	"owner_id" integer,
	"amount" numeric(12, 2) DEFAULT '0' NOT NULL,
	"probability" integer NOT NULL,
	"close_date" date,
	"source" text,
	"lost_reason" text,
	"notes" text,
	"outage_id" integer,
	"agreement_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	"version" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "opportunities_probability" CHECK ("opportunities"."probability" BETWEEN 0 AND 100),
	CONSTRAINT "opportunities_amount" CHECK ("opportunities"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "opportunity_activities" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "opportunity_activities_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"opportunity_id" integer NOT NULL,
	"kind" text NOT NULL,
	"text" text NOT NULL,
	"actor_id" integer,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "opportunity_documents" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "opportunity_documents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"opportunity_id" integer NOT NULL,
	"title" text NOT NULL,
	"kind" text NOT NULL,
	"signed_date" date,
	"file_id" integer,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "proposal_lines" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "proposal_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"proposal_id" integer NOT NULL,
	"position" integer NOT NULL,
	"service_type_id" integer,
	"description" text,
	"quantity" numeric(12, 2) NOT NULL,
	"unit_price" numeric(12, 2) NOT NULL,
	"recurrence" text NOT NULL,
	CONSTRAINT "proposal_lines_amounts" CHECK ("proposal_lines"."quantity" >= 0 AND "proposal_lines"."unit_price" >= 0),
	CONSTRAINT "proposal_lines_what" CHECK ("proposal_lines"."service_type_id" IS NOT NULL OR "proposal_lines"."description" IS NOT NULL)
);
--> statement-breakpoint
CREATE TABLE "proposals" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "proposals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"opportunity_id" integer NOT NULL,
	"number" text NOT NULL,
	"title" text NOT NULL,
	"status" text DEFAULT 'DRAFT' NOT NULL,
	"valid_until" date,
	"terms" text,
	"copied_from_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "agreements" ADD COLUMN "opportunity_id" integer;--> statement-breakpoint
ALTER TABLE "opportunities" ADD CONSTRAINT "opportunities_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opportunities" ADD CONSTRAINT "opportunities_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opportunities" ADD CONSTRAINT "opportunities_outage_id_outages_id_fk" FOREIGN KEY ("outage_id") REFERENCES "public"."outages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opportunities" ADD CONSTRAINT "opportunities_agreement_id_agreements_id_fk" FOREIGN KEY ("agreement_id") REFERENCES "public"."agreements"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opportunity_activities" ADD CONSTRAINT "opportunity_activities_opportunity_id_opportunities_id_fk" FOREIGN KEY ("opportunity_id") REFERENCES "public"."opportunities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opportunity_activities" ADD CONSTRAINT "opportunity_activities_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opportunity_documents" ADD CONSTRAINT "opportunity_documents_opportunity_id_opportunities_id_fk" FOREIGN KEY ("opportunity_id") REFERENCES "public"."opportunities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opportunity_documents" ADD CONSTRAINT "opportunity_documents_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposal_lines" ADD CONSTRAINT "proposal_lines_proposal_id_proposals_id_fk" FOREIGN KEY ("proposal_id") REFERENCES "public"."proposals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposal_lines" ADD CONSTRAINT "proposal_lines_service_type_id_service_types_id_fk" FOREIGN KEY ("service_type_id") REFERENCES "public"."service_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_opportunity_id_opportunities_id_fk" FOREIGN KEY ("opportunity_id") REFERENCES "public"."opportunities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_copied_from_id_proposals_id_fk" FOREIGN KEY ("copied_from_id") REFERENCES "public"."proposals"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "opportunities_number_key" ON "opportunities" USING btree (lower("number"));--> statement-breakpoint
CREATE INDEX "opportunities_number_idx" ON "opportunities" USING btree ("number","id");--> statement-breakpoint
CREATE INDEX "opportunities_org_number_idx" ON "opportunities" USING btree ("organization_id","number","id");--> statement-breakpoint
CREATE INDEX "opportunities_outcome_close_idx" ON "opportunities" USING btree ("outcome",coalesce("close_date" - DATE '1970-01-01', 2147483647),"id");--> statement-breakpoint
CREATE INDEX "opportunities_close_idx" ON "opportunities" USING btree (coalesce("close_date" - DATE '1970-01-01', 2147483647),"id");--> statement-breakpoint
CREATE INDEX "opportunities_title_idx" ON "opportunities" USING btree ("title","id");--> statement-breakpoint
CREATE INDEX "opportunities_amount_idx" ON "opportunities" USING btree ("amount","id");--> statement-breakpoint
CREATE INDEX "opportunities_owner_idx" ON "opportunities" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "opportunities_stage_idx" ON "opportunities" USING btree ("stage_id");--> statement-breakpoint
CREATE INDEX "opportunities_outage_idx" ON "opportunities" USING btree ("outage_id");--> statement-breakpoint
CREATE INDEX "opportunity_activities_opportunity_idx" ON "opportunity_activities" USING btree ("opportunity_id","at","id");--> statement-breakpoint
CREATE INDEX "opportunity_documents_opportunity_idx" ON "opportunity_documents" USING btree ("opportunity_id","id");--> statement-breakpoint
CREATE INDEX "proposal_lines_proposal_idx" ON "proposal_lines" USING btree ("proposal_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "proposals_number_key" ON "proposals" USING btree (lower("number"));--> statement-breakpoint
CREATE INDEX "proposals_opportunity_idx" ON "proposals" USING btree ("opportunity_id","id");--> statement-breakpoint
CREATE INDEX "proposals_title_idx" ON "proposals" USING btree ("title","id");--> statement-breakpoint
ALTER TABLE "agreements" ADD CONSTRAINT "agreements_opportunity_id_opportunities_id_fk" FOREIGN KEY ("opportunity_id") REFERENCES "public"."opportunities"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Hand-written: trigram indexes for global search over opportunities and proposals (number and title).
CREATE INDEX "opportunities_number_trgm" ON "opportunities" USING gin ("number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "opportunities_title_trgm" ON "opportunities" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "proposals_number_trgm" ON "proposals" USING gin ("number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "proposals_title_trgm" ON "proposals" USING gin ("title" gin_trgm_ops);

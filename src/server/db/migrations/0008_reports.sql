CREATE TABLE "import_presets" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "import_presets_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"columns" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	"version" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "import_presets_kind_check" CHECK ("import_presets"."kind" IN ('DEVICE', 'ANTIVIRUS', 'BITLOCKER', 'PATCH'))
);
--> statement-breakpoint
CREATE TABLE "import_runs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "import_runs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"file_id" integer NOT NULL,
	"file_name" text NOT NULL,
	"preset" text NOT NULL,
	"kind" text NOT NULL,
	"mapping" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'PREVIEW' NOT NULL,
	"total_rows" integer DEFAULT 0 NOT NULL,
	"processed_rows" integer DEFAULT 0 NOT NULL,
	"created_rows" integer DEFAULT 0 NOT NULL,
	"updated_rows" integer DEFAULT 0 NOT NULL,
	"unchanged_rows" integer DEFAULT 0 NOT NULL,
	"rejected_rows" integer DEFAULT 0 NOT NULL,
	"preview" jsonb,
	"error" text,
	"job_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "import_runs_status_check" CHECK ("import_runs"."status" IN ('PREVIEW', 'QUEUED', 'RUNNING', 'DONE', 'FAILED', 'CANCELLED'))
);
--> statement-breakpoint
CREATE TABLE "import_uploads" (
	"organization_id" integer NOT NULL,
	"month" date NOT NULL,
	"kind" text NOT NULL,
	"run_id" integer NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "import_uploads_organization_id_month_kind_pk" PRIMARY KEY("organization_id","month","kind")
);
--> statement-breakpoint
CREATE TABLE "notices" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "notices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"title" text NOT NULL,
	"body" text NOT NULL,
	"on_reports" boolean DEFAULT true NOT NULL,
	"as_banner" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_history" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "report_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"report" text NOT NULL,
	"title" text NOT NULL,
	"format" text NOT NULL,
	"filters" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"filters_text" text DEFAULT '' NOT NULL,
	"file_id" integer NOT NULL,
	"required_upload_id" integer,
	"row_count" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	CONSTRAINT "report_history_format_check" CHECK ("report_history"."format" IN ('CSV', 'XLSX', 'PDF', 'FILE'))
);
--> statement-breakpoint
CREATE TABLE "report_history_organizations" (
	"report_history_id" integer NOT NULL,
	"organization_id" integer NOT NULL,
	CONSTRAINT "report_history_organizations_organization_id_report_history_id_pk" PRIMARY KEY("organization_id","report_history_id")
);
--> statement-breakpoint
CREATE TABLE "report_notices" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "report_notices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"description" text,
	"report" text,
	"frequency" text DEFAULT 'QUARTERLY' NOT NULL,
	"clients" text DEFAULT '1' NOT NULL,
	"notice_id" integer,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	"version" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "report_notices_frequency_check" CHECK ("report_notices"."frequency" IN ('MONTHLY', 'QUARTERLY', 'YEARLY'))
);
--> statement-breakpoint
CREATE TABLE "rmm_site_mappings" (
	"site_key" text PRIMARY KEY NOT NULL,
	"site_name" text NOT NULL,
	"organization_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "equipment" ADD COLUMN "last_import_run_id" integer;--> statement-breakpoint
ALTER TABLE "import_runs" ADD CONSTRAINT "import_runs_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_runs" ADD CONSTRAINT "import_runs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_uploads" ADD CONSTRAINT "import_uploads_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_uploads" ADD CONSTRAINT "import_uploads_run_id_import_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."import_runs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_history" ADD CONSTRAINT "report_history_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_history" ADD CONSTRAINT "report_history_required_upload_id_report_notices_id_fk" FOREIGN KEY ("required_upload_id") REFERENCES "public"."report_notices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_history" ADD CONSTRAINT "report_history_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_history_organizations" ADD CONSTRAINT "report_history_organizations_report_history_id_report_history_id_fk" FOREIGN KEY ("report_history_id") REFERENCES "public"."report_history"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_history_organizations" ADD CONSTRAINT "report_history_organizations_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_notices" ADD CONSTRAINT "report_notices_notice_id_notices_id_fk" FOREIGN KEY ("notice_id") REFERENCES "public"."notices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rmm_site_mappings" ADD CONSTRAINT "rmm_site_mappings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "import_presets_name_key" ON "import_presets" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "import_runs_created_idx" ON "import_runs" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "report_history_created_idx" ON "report_history" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "report_history_report_idx" ON "report_history" USING btree ("report","created_at","id");--> statement-breakpoint
CREATE INDEX "report_history_organizations_history_idx" ON "report_history_organizations" USING btree ("report_history_id");--> statement-breakpoint
CREATE UNIQUE INDEX "report_notices_name_key" ON "report_notices" USING btree ("name");--> statement-breakpoint
CREATE INDEX "equipment_rmm_idx" ON "equipment" USING btree ("rmm_id");
CREATE TABLE "file_chunks" (
	"file_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "file_chunks_file_id_seq_pk" PRIMARY KEY("file_id","seq")
);
--> statement-breakpoint
CREATE TABLE "files" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "files_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" bigint DEFAULT 0 NOT NULL,
	"sha256" text,
	"complete" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer
);
--> statement-breakpoint
CREATE TABLE "agreement_activities" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "agreement_activities_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"agreement_id" integer NOT NULL,
	"kind" text NOT NULL,
	"text" text NOT NULL,
	"actor_id" integer,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agreement_documents" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "agreement_documents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"agreement_id" integer NOT NULL,
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
CREATE TABLE "agreement_services" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "agreement_services_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"agreement_id" integer NOT NULL,
	"service_type_id" integer NOT NULL,
	"description" text,
	"quantity" numeric(12, 2) NOT NULL,
	"unit_price" numeric(12, 2) NOT NULL,
	"billing_frequency" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date,
	"covered_hours" numeric(8, 2),
	"replaces_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	"version" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "agreement_services_dates" CHECK ("agreement_services"."end_date" IS NULL OR "agreement_services"."end_date" >= "agreement_services"."start_date"),
	CONSTRAINT "agreement_services_amounts" CHECK ("agreement_services"."quantity" >= 0 AND "agreement_services"."unit_price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "agreements" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "agreements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organization_id" integer NOT NULL,
	"number" text NOT NULL,
	"title" text NOT NULL,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"type" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date,
	"renewal_date" date,
	"term_months" integer,
	"billing_contact_id" integer,
	"account_manager_id" integer,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "amendment_changes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "amendment_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"amendment_id" integer NOT NULL,
	"position" integer NOT NULL,
	"kind" text NOT NULL,
	"service_id" integer,
	"service_type_id" integer,
	"description" text,
	"quantity" numeric(12, 2),
	"unit_price" numeric(12, 2),
	"billing_frequency" text,
	"covered_hours" numeric(8, 2),
	"before_quantity" numeric(12, 2),
	"before_unit_price" numeric(12, 2),
	"result_service_id" integer
);
--> statement-breakpoint
CREATE TABLE "amendment_types" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "amendment_types_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"description" text,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "amendments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "amendments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"agreement_id" integer NOT NULL,
	"number" text NOT NULL,
	"amendment_type_id" integer NOT NULL,
	"effective_date" date NOT NULL,
	"status" text DEFAULT 'DRAFT' NOT NULL,
	"description" text,
	"document_id" integer,
	"signed_at" timestamp with time zone,
	"signed_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_types" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "service_types_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"description" text,
	"block_hours" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "file_chunks" ADD CONSTRAINT "file_chunks_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agreement_activities" ADD CONSTRAINT "agreement_activities_agreement_id_agreements_id_fk" FOREIGN KEY ("agreement_id") REFERENCES "public"."agreements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agreement_activities" ADD CONSTRAINT "agreement_activities_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agreement_documents" ADD CONSTRAINT "agreement_documents_agreement_id_agreements_id_fk" FOREIGN KEY ("agreement_id") REFERENCES "public"."agreements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agreement_documents" ADD CONSTRAINT "agreement_documents_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agreement_services" ADD CONSTRAINT "agreement_services_agreement_id_agreements_id_fk" FOREIGN KEY ("agreement_id") REFERENCES "public"."agreements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agreement_services" ADD CONSTRAINT "agreement_services_service_type_id_service_types_id_fk" FOREIGN KEY ("service_type_id") REFERENCES "public"."service_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agreements" ADD CONSTRAINT "agreements_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agreements" ADD CONSTRAINT "agreements_billing_contact_id_people_id_fk" FOREIGN KEY ("billing_contact_id") REFERENCES "public"."people"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agreements" ADD CONSTRAINT "agreements_account_manager_id_users_id_fk" FOREIGN KEY ("account_manager_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "amendment_changes" ADD CONSTRAINT "amendment_changes_amendment_id_amendments_id_fk" FOREIGN KEY ("amendment_id") REFERENCES "public"."amendments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "amendment_changes" ADD CONSTRAINT "amendment_changes_service_id_agreement_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."agreement_services"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "amendment_changes" ADD CONSTRAINT "amendment_changes_service_type_id_service_types_id_fk" FOREIGN KEY ("service_type_id") REFERENCES "public"."service_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "amendment_changes" ADD CONSTRAINT "amendment_changes_result_service_id_agreement_services_id_fk" FOREIGN KEY ("result_service_id") REFERENCES "public"."agreement_services"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "amendments" ADD CONSTRAINT "amendments_agreement_id_agreements_id_fk" FOREIGN KEY ("agreement_id") REFERENCES "public"."agreements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "amendments" ADD CONSTRAINT "amendments_amendment_type_id_amendment_types_id_fk" FOREIGN KEY ("amendment_type_id") REFERENCES "public"."amendment_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "amendments" ADD CONSTRAINT "amendments_document_id_agreement_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."agreement_documents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "amendments" ADD CONSTRAINT "amendments_signed_by_users_id_fk" FOREIGN KEY ("signed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agreement_activities_agreement_idx" ON "agreement_activities" USING btree ("agreement_id","at","id");--> statement-breakpoint
CREATE INDEX "agreement_documents_agreement_idx" ON "agreement_documents" USING btree ("agreement_id","id");--> statement-breakpoint
CREATE INDEX "agreement_services_agreement_idx" ON "agreement_services" USING btree ("agreement_id","start_date","id");--> statement-breakpoint
CREATE INDEX "agreement_services_type_idx" ON "agreement_services" USING btree ("service_type_id","agreement_id");--> statement-breakpoint
CREATE UNIQUE INDEX "agreements_number_key" ON "agreements" USING btree (lower("number"));--> statement-breakpoint
CREATE INDEX "agreements_number_idx" ON "agreements" USING btree ("number","id");--> statement-breakpoint
CREATE INDEX "agreements_org_number_idx" ON "agreements" USING btree ("organization_id","number","id");--> statement-breakpoint
CREATE INDEX "agreements_status_number_idx" ON "agreements" USING btree ("status","number","id");--> statement-breakpoint
CREATE INDEX "agreements_title_idx" ON "agreements" USING btree ("title","id");--> statement-breakpoint
CREATE INDEX "agreements_renewal_idx" ON "agreements" USING btree ("renewal_date","id");--> statement-breakpoint
CREATE INDEX "amendment_changes_amendment_idx" ON "amendment_changes" USING btree ("amendment_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "amendment_types_name_key" ON "amendment_types" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "amendments_number_key" ON "amendments" USING btree (lower("number"));--> statement-breakpoint
CREATE INDEX "amendments_agreement_idx" ON "amendments" USING btree ("agreement_id","effective_date","id");--> statement-breakpoint
CREATE UNIQUE INDEX "service_types_name_key" ON "service_types" USING btree ("name");--> statement-breakpoint
-- Hand-written: trigram indexes for the agreement list's text filter and global search (number and title).
CREATE INDEX "agreements_number_trgm" ON "agreements" USING gin ("number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "agreements_title_trgm" ON "agreements" USING gin ("title" gin_trgm_ops);

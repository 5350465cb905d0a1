CREATE TABLE "device_categories" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "device_categories_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
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
CREATE TABLE "device_statuses" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "device_statuses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "equipment" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "equipment_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organization_id" integer,
	"name" text NOT NULL,
	"category_id" integer,
	"status_id" integer,
	"manufacturer" text,
	"model" text,
	"serial_number" text,
	"operating_system" text,
	"os_version" text,
	"person_id" integer,
	"location" text,
	"purchase_date" date,
	"warranty_end" date,
	"last_response_at" timestamp with time zone,
	"rmm_id" text,
	"antivirus_product" text,
	"antivirus_state" text,
	"bitlocker_state" text,
	"missing_patches" integer,
	"last_patch_date" date,
	"firmware_version" text,
	"virtual" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organizations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "organizations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"short_code" text,
	"sales_status" text,
	"vendor_status" text,
	"active" boolean DEFAULT true NOT NULL,
	"rmm_plan" text,
	"phone" text,
	"website" text,
	"address" text,
	"federal_tax_id" text,
	"duns" text,
	"account_manager_id" integer,
	"primary_contact_id" integer,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outage_types" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "outage_types_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
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
CREATE TABLE "outages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "outages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"outage_type_id" integer NOT NULL,
	"organization_id" integer,
	"title" text NOT NULL,
	"description" text,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"assigned_to_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "people" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "people_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organization_id" integer NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"title" text,
	"email" text,
	"phone" text,
	"mobile" text,
	"active" boolean DEFAULT true NOT NULL,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "software" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "software_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organization_id" integer NOT NULL,
	"name" text NOT NULL,
	"vendor" text,
	"software_version" text,
	"seats" integer,
	"renewal_date" date,
	"active" boolean DEFAULT true NOT NULL,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "system_equipment" (
	"system_id" integer NOT NULL,
	"equipment_id" integer NOT NULL,
	CONSTRAINT "system_equipment_system_id_equipment_id_pk" PRIMARY KEY("system_id","equipment_id")
);
--> statement-breakpoint
CREATE TABLE "system_software" (
	"system_id" integer NOT NULL,
	"software_id" integer NOT NULL,
	CONSTRAINT "system_software_system_id_software_id_pk" PRIMARY KEY("system_id","software_id")
);
--> statement-breakpoint
CREATE TABLE "systems" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "systems_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organization_id" integer NOT NULL,
	"name" text NOT NULL,
	"category" text,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "equipment" ADD CONSTRAINT "equipment_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipment" ADD CONSTRAINT "equipment_category_id_device_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."device_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipment" ADD CONSTRAINT "equipment_status_id_device_statuses_id_fk" FOREIGN KEY ("status_id") REFERENCES "public"."device_statuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipment" ADD CONSTRAINT "equipment_person_id_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."people"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_account_manager_id_users_id_fk" FOREIGN KEY ("account_manager_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outages" ADD CONSTRAINT "outages_outage_type_id_outage_types_id_fk" FOREIGN KEY ("outage_type_id") REFERENCES "public"."outage_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outages" ADD CONSTRAINT "outages_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outages" ADD CONSTRAINT "outages_assigned_to_id_users_id_fk" FOREIGN KEY ("assigned_to_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "people" ADD CONSTRAINT "people_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "software" ADD CONSTRAINT "software_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "system_equipment" ADD CONSTRAINT "system_equipment_system_id_systems_id_fk" FOREIGN KEY ("system_id") REFERENCES "public"."systems"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "system_equipment" ADD CONSTRAINT "system_equipment_equipment_id_equipment_id_fk" FOREIGN KEY ("equipment_id") REFERENCES "public"."equipment"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "system_software" ADD CONSTRAINT "system_software_system_id_systems_id_fk" FOREIGN KEY ("system_id") REFERENCES "public"."systems"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "system_software" ADD CONSTRAINT "system_software_software_id_software_id_fk" FOREIGN KEY ("software_id") REFERENCES "public"."software"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "systems" ADD CONSTRAINT "systems_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "device_categories_name_key" ON "device_categories" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "device_statuses_name_key" ON "device_statuses" USING btree ("name");--> statement-breakpoint
CREATE INDEX "equipment_name_idx" ON "equipment" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "equipment_org_name_idx" ON "equipment" USING btree ("organization_id","name","id");--> statement-breakpoint
CREATE INDEX "equipment_active_name_idx" ON "equipment" USING btree ("active","name","id");--> statement-breakpoint
CREATE INDEX "equipment_serial_idx" ON "equipment" USING btree ("serial_number");--> statement-breakpoint
CREATE INDEX "equipment_person_idx" ON "equipment" USING btree ("person_id");--> statement-breakpoint
CREATE UNIQUE INDEX "organizations_short_code_key" ON "organizations" USING btree ("short_code");--> statement-breakpoint
CREATE INDEX "organizations_name_idx" ON "organizations" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "organizations_active_name_idx" ON "organizations" USING btree ("active","name","id");--> statement-breakpoint
CREATE INDEX "organizations_rmm_name_idx" ON "organizations" USING btree ("rmm_plan","name","id");--> statement-breakpoint
CREATE INDEX "organizations_status_name_idx" ON "organizations" USING btree ("sales_status","name","id");--> statement-breakpoint
CREATE UNIQUE INDEX "outage_types_name_key" ON "outage_types" USING btree ("name");--> statement-breakpoint
CREATE INDEX "outages_starts_idx" ON "outages" USING btree ("starts_at","id");--> statement-breakpoint
CREATE INDEX "outages_status_starts_idx" ON "outages" USING btree ("status","starts_at","id");--> statement-breakpoint
CREATE INDEX "outages_org_idx" ON "outages" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "people_name_idx" ON "people" USING btree ("last_name","first_name","id");--> statement-breakpoint
CREATE INDEX "people_org_name_idx" ON "people" USING btree ("organization_id","last_name","first_name","id");--> statement-breakpoint
CREATE INDEX "software_name_idx" ON "software" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "software_org_name_idx" ON "software" USING btree ("organization_id","name","id");--> statement-breakpoint
CREATE INDEX "systems_org_name_idx" ON "systems" USING btree ("organization_id","name","id");--> statement-breakpoint
-- Added by hand: the primary contact is a person, and people reference organizations (a circular reference).
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_primary_contact_id_people_id_fk" FOREIGN KEY ("primary_contact_id") REFERENCES "public"."people"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
-- Added by hand: trigram indexes so text filters (and later global search) stay indexed at scale.
CREATE INDEX "organizations_name_trgm" ON "organizations" USING gin ("name" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "people_name_trgm" ON "people" USING gin (("first_name" || ' ' || "last_name") gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "equipment_name_trgm" ON "equipment" USING gin ("name" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "equipment_serial_trgm" ON "equipment" USING gin ("serial_number" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "software_name_trgm" ON "software" USING gin ("name" gin_trgm_ops);

CREATE TABLE "timers" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"task_id" integer NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"where_code" text,
	"how_code" text,
	"comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "timesheet_weeks" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "timesheet_weeks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"week_start" date NOT NULL,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"submitted_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	"decided_by" integer,
	"comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	"version" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "timesheet_weeks_status_check" CHECK ("timesheet_weeks"."status" IN ('OPEN', 'SUBMITTED', 'APPROVED', 'REJECTED')),
	CONSTRAINT "timesheet_weeks_monday_check" CHECK (EXTRACT(ISODOW FROM "timesheet_weeks"."week_start") = 1)
);
--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "rounding_minimum" integer;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "rounding_increment" integer;--> statement-breakpoint
ALTER TABLE "agreement_services" ADD COLUMN "rounding_minimum" integer;--> statement-breakpoint
ALTER TABLE "agreement_services" ADD COLUMN "rounding_increment" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "approver_id" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "timer_rounding" integer DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "timers" ADD CONSTRAINT "timers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timers" ADD CONSTRAINT "timers_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timesheet_weeks" ADD CONSTRAINT "timesheet_weeks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timesheet_weeks" ADD CONSTRAINT "timesheet_weeks_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "timesheet_weeks_user_week_key" ON "timesheet_weeks" USING btree ("user_id","week_start");--> statement-breakpoint
CREATE INDEX "timesheet_weeks_status_idx" ON "timesheet_weeks" USING btree ("status","week_start");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_approver_id_users_id_fk" FOREIGN KEY ("approver_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "field_history_actor_idx" ON "field_history" USING btree ("actor_id","at");--> statement-breakpoint
CREATE INDEX "users_approver_idx" ON "users" USING btree ("approver_id");--> statement-breakpoint
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_rounding_check" CHECK (("organizations"."rounding_minimum" IS NULL OR "organizations"."rounding_minimum" BETWEEN 0 AND 480) AND ("organizations"."rounding_increment" IS NULL OR "organizations"."rounding_increment" BETWEEN 1 AND 60));--> statement-breakpoint
ALTER TABLE "agreement_services" ADD CONSTRAINT "agreement_services_rounding_check" CHECK (("agreement_services"."rounding_minimum" IS NULL OR "agreement_services"."rounding_minimum" BETWEEN 0 AND 480) AND ("agreement_services"."rounding_increment" IS NULL OR "agreement_services"."rounding_increment" BETWEEN 1 AND 60));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_timer_rounding_check" CHECK ("users"."timer_rounding" IN (1, 5, 30));
ALTER TABLE "service_types" ADD COLUMN "billed_per" text;--> statement-breakpoint
ALTER TABLE "cases" ADD COLUMN "billed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "cases" ADD COLUMN "billed_by" integer;--> statement-breakpoint
ALTER TABLE "cases" ADD CONSTRAINT "cases_billed_by_users_id_fk" FOREIGN KEY ("billed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cases_unbilled_org_idx" ON "cases" USING btree ("organization_id","id") WHERE "cases"."billed_at" IS NULL;--> statement-breakpoint
CREATE INDEX "cases_billed_at_idx" ON "cases" USING btree ("billed_at");--> statement-breakpoint
CREATE INDEX "slips_day_idx" ON "slips" USING btree ("work_date","task_id");--> statement-breakpoint
ALTER TABLE "service_types" ADD CONSTRAINT "service_types_billed_per_check" CHECK ("service_types"."billed_per" IN ('DEVICE', 'USER'));
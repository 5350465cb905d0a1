ALTER TABLE "import_presets" ADD COLUMN "headers_key" text;--> statement-breakpoint
ALTER TABLE "import_runs" ADD COLUMN "heartbeat_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "import_runs" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "import_runs_working_idx" ON "import_runs" USING btree ("status") WHERE "import_runs"."status" IN ('PREVIEW', 'QUEUED', 'RUNNING');
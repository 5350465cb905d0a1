-- The task-and-day index of slips also carries the columns the bill list, the WIP list and the task's time read
-- (stop, multiplier, biller), so those read the index alone instead of a table page per slip. Drizzle's index
-- builder has no INCLUDE, so this migration is written by hand; the schema names the same index and key.
DROP INDEX IF EXISTS "slips_task_day_idx";--> statement-breakpoint
CREATE INDEX "slips_task_day_idx" ON "slips" USING btree ("task_id","work_date","start_time","id") INCLUDE ("stop_time","rate_multiplier","user_id");

CREATE SEQUENCE "public"."timer_versions" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1;--> statement-breakpoint
-- A timer running now keeps its version: the next one handed out is above it.
SELECT setval('timer_versions', COALESCE((SELECT max(version) FROM timers), 0) + 1, false);

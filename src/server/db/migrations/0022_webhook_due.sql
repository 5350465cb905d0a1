ALTER TABLE "webhook_deliveries" ALTER COLUMN "next_attempt_at" SET DEFAULT now();--> statement-breakpoint
CREATE INDEX "webhook_deliveries_due_idx" ON "webhook_deliveries" USING btree ("next_attempt_at") WHERE status = 'pending';--> statement-breakpoint
-- Pending deliveries made before this migration had no time: due now (a disabled endpoint's stay waiting).
UPDATE "webhook_deliveries" d SET "next_attempt_at" = d."created_at"
 WHERE d."status" = 'pending' AND d."next_attempt_at" IS NULL
   AND EXISTS (SELECT FROM "webhook_endpoints" e WHERE e."id" = d."endpoint_id" AND e."enabled");
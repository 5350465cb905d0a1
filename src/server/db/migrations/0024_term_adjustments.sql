ALTER TABLE "invoice_lines" DROP CONSTRAINT "invoice_lines_kind";--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD COLUMN "term_from" date;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD COLUMN "term_to" date;--> statement-breakpoint
CREATE INDEX "invoice_lines_adjustment_idx" ON "invoice_lines" USING btree ("agreement_service_id","term_from") WHERE "invoice_lines"."kind" = 'ADJUSTMENT';--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_kind" CHECK ("invoice_lines"."kind" IN ('RECURRING', 'DEVICES', 'USERS', 'ADJUSTMENT', 'TIME', 'ONE_TIME', 'CHARGE', 'CREDIT'));
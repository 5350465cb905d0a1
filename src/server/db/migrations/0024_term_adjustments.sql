ALTER TABLE "invoice_lines" DROP CONSTRAINT "invoice_lines_kind";--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD COLUMN "term_from" date;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD COLUMN "term_to" date;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_kind" CHECK ("invoice_lines"."kind" IN ('RECURRING', 'DEVICES', 'USERS', 'ADJUSTMENT', 'TIME', 'ONE_TIME', 'CHARGE', 'CREDIT'));
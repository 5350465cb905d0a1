-- Hand-written: trigram indexes for global search (pg_trgm is enabled by 0001). Phone numbers are searched by
-- their digits, so "2013344" finds "(555) 201-3344".
CREATE INDEX "organizations_short_code_trgm" ON "organizations" USING gin ("short_code" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "organizations_phone_digits_trgm" ON "organizations" USING gin ((regexp_replace("phone", '\D', '', 'g')) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "people_email_trgm" ON "people" USING gin ("email" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "people_phone_digits_trgm" ON "people" USING gin ((regexp_replace("phone", '\D', '', 'g')) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "equipment_model_trgm" ON "equipment" USING gin ("model" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "slips_comment_trgm" ON "slips" USING gin ("comment" gin_trgm_ops);

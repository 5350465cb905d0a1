CREATE TABLE "activities" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "activities_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"agreement_id" integer,
	"opportunity_id" integer,
	"kind" text NOT NULL,
	"text" text NOT NULL,
	"actor_id" integer,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "activities_one_parent" CHECK (num_nonnulls("activities"."agreement_id", "activities"."opportunity_id") = 1)
);
--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_agreement_id_agreements_id_fk" FOREIGN KEY ("agreement_id") REFERENCES "public"."agreements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_opportunity_id_opportunities_id_fk" FOREIGN KEY ("opportunity_id") REFERENCES "public"."opportunities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activities_agreement_idx" ON "activities" USING btree ("agreement_id","at","id") WHERE "activities"."agreement_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "activities_opportunity_idx" ON "activities" USING btree ("opportunity_id","at","id") WHERE "activities"."opportunity_id" IS NOT NULL;--> statement-breakpoint
-- Every row of the two timelines moves with its id: an agreement's keep theirs, an opportunity's follow after the
-- highest agreement id (the order within each record's timeline is kept), and the sequence continues after the last.
INSERT INTO "activities" ("id", "agreement_id", "kind", "text", "actor_id", "at") OVERRIDING SYSTEM VALUE
  SELECT "id", "agreement_id", "kind", "text", "actor_id", "at" FROM "agreement_activities";--> statement-breakpoint
INSERT INTO "activities" ("id", "opportunity_id", "kind", "text", "actor_id", "at") OVERRIDING SYSTEM VALUE
  SELECT "id" + (SELECT coalesce(max("id"), 0) FROM "agreement_activities"), "opportunity_id", "kind", "text", "actor_id", "at"
    FROM "opportunity_activities";--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('activities', 'id'), coalesce((SELECT max("id") FROM "activities"), 0) + 1, false);--> statement-breakpoint
DROP TABLE "agreement_activities" CASCADE;--> statement-breakpoint
DROP TABLE "opportunity_activities" CASCADE;

ALTER TABLE "applications" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "status_reason" text;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "owners_search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, translate(lower("applications"."number"::text || ' ' || coalesce("applications"."applicant_company_name", '') || ' ' || "applications"."applicant_email" || ' ' || "applications"."owners_search_text"), '@._-+''/:,&()', '              '))) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "applications_search_idx" ON "applications" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "applications_company_updated_idx" ON "applications" USING btree ("company_id","updated_at","number");--> statement-breakpoint
CREATE INDEX "applications_company_submitted_idx" ON "applications" USING btree ("company_id","submitted_at","number");--> statement-breakpoint
CREATE INDEX "applications_company_submitted_desc_idx" ON "applications" USING btree ("company_id","submitted_at" DESC NULLS LAST,"number" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "applications_company_name_idx" ON "applications" USING btree ("company_id",lower("applicant_company_name"),"number");--> statement-breakpoint
CREATE INDEX "applications_company_number_idx" ON "applications" USING btree ("company_id","number");--> statement-breakpoint
CREATE INDEX "applications_form_number_idx" ON "applications" USING btree ("custom_form_id","number");
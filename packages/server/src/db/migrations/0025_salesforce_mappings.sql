CREATE TABLE "salesforce_mappings" (
	"custom_form_id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"object" text NOT NULL,
	"mode" text NOT NULL,
	"external_id_field" text,
	"fields" jsonb NOT NULL,
	"format" integer DEFAULT 1 NOT NULL,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "salesforce_mappings_mode_valid" CHECK ("salesforce_mappings"."mode" in ('auto-sync', 'manual-sync'))
);
--> statement-breakpoint
ALTER TABLE "salesforce_mappings" ADD CONSTRAINT "salesforce_mappings_custom_form_id_custom_forms_id_fk" FOREIGN KEY ("custom_form_id") REFERENCES "public"."custom_forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "salesforce_mappings" ADD CONSTRAINT "salesforce_mappings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "salesforce_mappings" ADD CONSTRAINT "salesforce_mappings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "salesforce_mappings_company_idx" ON "salesforce_mappings" USING btree ("company_id");
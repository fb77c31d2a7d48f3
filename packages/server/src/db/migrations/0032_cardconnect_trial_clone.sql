CREATE TABLE "cardconnect_template_mappings" (
	"template_id" uuid PRIMARY KEY NOT NULL,
	"fields" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"source_master_form_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cardconnect_trials" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"started_by" uuid,
	"end_notice_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "cardconnect_template_mappings" ADD CONSTRAINT "cardconnect_template_mappings_template_id_pdf_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."pdf_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cardconnect_template_mappings" ADD CONSTRAINT "cardconnect_template_mappings_source_master_form_id_master_forms_id_fk" FOREIGN KEY ("source_master_form_id") REFERENCES "public"."master_forms"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cardconnect_trials" ADD CONSTRAINT "cardconnect_trials_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cardconnect_trials" ADD CONSTRAINT "cardconnect_trials_started_by_users_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
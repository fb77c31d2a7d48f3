CREATE TABLE "vantiv_stagings" (
	"application_id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"outcome" text NOT NULL,
	"legal_entity_id" text,
	"sub_merchant_id" text,
	"response_code" integer,
	"response_description" text,
	"problems" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"staged_by" uuid,
	"staged_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "vantiv_stagings" ADD CONSTRAINT "vantiv_stagings_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vantiv_stagings" ADD CONSTRAINT "vantiv_stagings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vantiv_stagings" ADD CONSTRAINT "vantiv_stagings_staged_by_users_id_fk" FOREIGN KEY ("staged_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
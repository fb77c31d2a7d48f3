CREATE TABLE "kyc_submissions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"application_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"provider_check_id" text,
	"owners" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"problem" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"polls" integer DEFAULT 0 NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"submitted_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "kyc_submissions_state_check" CHECK ("kyc_submissions"."state" in ('queued', 'pending', 'completed', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "kyc_submissions" ADD CONSTRAINT "kyc_submissions_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_submissions" ADD CONSTRAINT "kyc_submissions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "kyc_submissions_application_uq" ON "kyc_submissions" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "kyc_submissions_due_idx" ON "kyc_submissions" USING btree ("state","next_attempt_at");
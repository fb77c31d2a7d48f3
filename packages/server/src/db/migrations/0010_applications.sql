CREATE TABLE "application_owners" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"role" text NOT NULL,
	"email" text NOT NULL,
	"name" text,
	"ownership_percent" numeric(5, 2),
	"position" integer DEFAULT 0 NOT NULL,
	"code_hash" text NOT NULL,
	"code_expires_at" timestamp with time zone NOT NULL,
	"code_revoked_at" timestamp with time zone,
	"link_sent_at" timestamp with time zone,
	"last_seen_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"removed_at" timestamp with time zone,
	CONSTRAINT "application_owners_kind_valid" CHECK ("application_owners"."kind" in ('primaryApplicant', 'additionalOwner')),
	CONSTRAINT "application_owners_role_valid" CHECK ("application_owners"."role" in ('primaryOwnerEndUser', 'sharedOwnerEndUser', 'sharedOwnerEndUserSubmitNew')),
	CONSTRAINT "application_owners_percent_valid" CHECK ("application_owners"."ownership_percent" is null or ("application_owners"."ownership_percent" >= 0 and "application_owners"."ownership_percent" <= 100))
);
--> statement-breakpoint
CREATE TABLE "applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" integer GENERATED ALWAYS AS IDENTITY (sequence name "applications_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" uuid NOT NULL,
	"custom_form_id" uuid NOT NULL,
	"form_version" integer NOT NULL,
	"status" text NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"revision" integer DEFAULT 0 NOT NULL,
	"applicant_email" text NOT NULL,
	"applicant_company_name" text,
	"blocked_at" timestamp with time zone,
	"acceptance" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"remember_answers" boolean DEFAULT false NOT NULL,
	"time_zone" text,
	"time_zone_offset" integer,
	"invited_by" uuid,
	"resume_mailed_at" timestamp with time zone,
	"submitted_at" timestamp with time zone,
	"sign_status" text,
	"updated_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "applications_status_valid" CHECK ("applications"."status" in ('draft', 'invite_sent', 'pending', 'approved', 'denied'))
);
--> statement-breakpoint
ALTER TABLE "application_owners" ADD CONSTRAINT "application_owners_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_custom_form_id_custom_forms_id_fk" FOREIGN KEY ("custom_form_id") REFERENCES "public"."custom_forms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "application_owners_code_uq" ON "application_owners" USING btree ("code_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "application_owners_email_uq" ON "application_owners" USING btree ("application_id","email") WHERE "application_owners"."removed_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "application_owners_primary_uq" ON "application_owners" USING btree ("application_id") WHERE "application_owners"."kind" = 'primaryApplicant';--> statement-breakpoint
CREATE UNIQUE INDEX "applications_number_uq" ON "applications" USING btree ("number");--> statement-breakpoint
CREATE INDEX "applications_company_status_idx" ON "applications" USING btree ("company_id","status","updated_at");--> statement-breakpoint
CREATE INDEX "applications_form_idx" ON "applications" USING btree ("custom_form_id","status");--> statement-breakpoint
CREATE INDEX "applications_email_form_idx" ON "applications" USING btree ("applicant_email","custom_form_id","status");--> statement-breakpoint
CREATE INDEX "applications_open_updated_idx" ON "applications" USING btree ("updated_at") WHERE "applications"."status" in ('draft', 'invite_sent');
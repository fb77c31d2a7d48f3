CREATE TABLE "cardconnect_status_changes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"application_id" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"boarding_status_cd" text NOT NULL,
	"signature_status_cd" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cardconnect_statuses" (
	"application_id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"merchant_id" text NOT NULL,
	"boarding_status_cd" text,
	"signature_status_cd" text,
	"pending" boolean DEFAULT false NOT NULL,
	"final" boolean DEFAULT false NOT NULL,
	"quiet_checks" integer DEFAULT 0 NOT NULL,
	"next_check_at" timestamp with time zone,
	"last_checked_at" timestamp with time zone,
	"last_changed_at" timestamp with time zone,
	"last_error" text,
	"problems" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cardconnect_status_changes" ADD CONSTRAINT "cardconnect_status_changes_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cardconnect_statuses" ADD CONSTRAINT "cardconnect_statuses_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cardconnect_status_changes_app_idx" ON "cardconnect_status_changes" USING btree ("application_id","at");--> statement-breakpoint
CREATE INDEX "cardconnect_statuses_due_idx" ON "cardconnect_statuses" USING btree ("final","next_check_at");
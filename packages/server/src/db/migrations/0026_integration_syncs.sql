CREATE TABLE "integration_sync_attempts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"sync_id" uuid NOT NULL,
	"run" integer NOT NULL,
	"attempt" integer NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"outcome" text,
	"message" text,
	"http_status" integer
);
--> statement-breakpoint
CREATE TABLE "integration_sync_requests" (
	"application_id" uuid PRIMARY KEY NOT NULL,
	"requested_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "integration_syncs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"application_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"target" text NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"generation" integer DEFAULT 1 NOT NULL,
	"run" integer DEFAULT 1 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_until" timestamp with time zone,
	"provider_object" text,
	"provider_record_id" text,
	"provider_record_url" text,
	"create_pending" boolean DEFAULT false NOT NULL,
	"last_error" text,
	"last_error_detail" text,
	"synced_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "integration_syncs_target_uq" UNIQUE("application_id","kind","target"),
	CONSTRAINT "integration_syncs_state_check" CHECK ("integration_syncs"."state" in ('queued', 'running', 'synced', 'failed', 'needs_attention'))
);
--> statement-breakpoint
ALTER TABLE "integration_sync_attempts" ADD CONSTRAINT "integration_sync_attempts_sync_id_integration_syncs_id_fk" FOREIGN KEY ("sync_id") REFERENCES "public"."integration_syncs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_sync_requests" ADD CONSTRAINT "integration_sync_requests_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_syncs" ADD CONSTRAINT "integration_syncs_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "integration_sync_attempts_sync_idx" ON "integration_sync_attempts" USING btree ("sync_id","started_at");--> statement-breakpoint
CREATE INDEX "integration_syncs_due_idx" ON "integration_syncs" USING btree ("state","next_attempt_at");--> statement-breakpoint
CREATE INDEX "integration_syncs_company_state_idx" ON "integration_syncs" USING btree ("company_id","state");
CREATE TABLE "application_document_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"generation" integer NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "application_document_runs_status_valid" CHECK ("application_document_runs"."status" in ('queued', 'running', 'done', 'failed')),
	CONSTRAINT "application_document_runs_reason_valid" CHECK ("application_document_runs"."reason" in ('signed', 'regenerate'))
);
--> statement-breakpoint
CREATE TABLE "application_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"run_id" uuid NOT NULL,
	"generation" integer NOT NULL,
	"kind" text NOT NULL,
	"slot" text NOT NULL,
	"template_id" uuid,
	"name" text NOT NULL,
	"storage_key" text NOT NULL,
	"sha256" text NOT NULL,
	"size" integer NOT NULL,
	"pages" integer NOT NULL,
	"sealed" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "application_documents_kind_valid" CHECK ("application_documents"."kind" in ('template', 'additional', 'certificate'))
);
--> statement-breakpoint
CREATE TABLE "application_sign_codes" (
	"owner_id" uuid PRIMARY KEY NOT NULL,
	"application_id" uuid NOT NULL,
	"code_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "application_signatures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"owner_id" uuid NOT NULL,
	"email" text NOT NULL,
	"kind" text NOT NULL,
	"signature_key" text NOT NULL,
	"typed_text" text,
	"initials_key" text,
	"principal_name" text,
	"data_hash" text NOT NULL,
	"revision" integer NOT NULL,
	"ip" text,
	"user_agent" text,
	"signed_at" timestamp with time zone NOT NULL,
	"invalidated_at" timestamp with time zone,
	"invalidated_reason" text,
	CONSTRAINT "application_signatures_kind_valid" CHECK ("application_signatures"."kind" in ('drawn', 'typed')),
	CONSTRAINT "application_signatures_reason_valid" CHECK ("application_signatures"."invalidated_reason" is null or "application_signatures"."invalidated_reason" in ('data-changed', 'removed'))
);
--> statement-breakpoint
ALTER TABLE "application_document_runs" ADD CONSTRAINT "application_document_runs_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_documents" ADD CONSTRAINT "application_documents_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_documents" ADD CONSTRAINT "application_documents_run_id_application_document_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."application_document_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_sign_codes" ADD CONSTRAINT "application_sign_codes_owner_id_application_owners_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."application_owners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_sign_codes" ADD CONSTRAINT "application_sign_codes_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_signatures" ADD CONSTRAINT "application_signatures_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_signatures" ADD CONSTRAINT "application_signatures_owner_id_application_owners_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."application_owners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "application_document_runs_uq" ON "application_document_runs" USING btree ("application_id","generation");--> statement-breakpoint
CREATE INDEX "application_document_runs_status_idx" ON "application_document_runs" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "application_documents_slot_uq" ON "application_documents" USING btree ("application_id","generation","slot");--> statement-breakpoint
CREATE UNIQUE INDEX "application_documents_key_uq" ON "application_documents" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "application_documents_sha_idx" ON "application_documents" USING btree ("sha256");--> statement-breakpoint
CREATE UNIQUE INDEX "application_signatures_valid_uq" ON "application_signatures" USING btree ("owner_id") WHERE "application_signatures"."invalidated_at" is null;--> statement-breakpoint
CREATE INDEX "application_signatures_application_idx" ON "application_signatures" USING btree ("application_id","signed_at");
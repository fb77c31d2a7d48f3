CREATE TABLE "mail_outbox" (
	"id" uuid PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"kind" text NOT NULL,
	"to_address" text NOT NULL,
	"content" text,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "mail_outbox_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "mail_outbox_status_check" CHECK ("mail_outbox"."status" in ('queued', 'sending', 'sent', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "uploads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"storage_key" text NOT NULL,
	"purpose" text NOT NULL,
	"issued_to_user_id" uuid,
	"company_id" uuid,
	"max_bytes" integer NOT NULL,
	"content_kind" text NOT NULL,
	"status" text DEFAULT 'issued' NOT NULL,
	"owner_kind" text,
	"owner_id" uuid,
	"size" integer,
	"content_type" text,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"uploaded_at" timestamp with time zone,
	"attached_at" timestamp with time zone,
	CONSTRAINT "uploads_purpose_valid" CHECK ("uploads"."purpose" in ('company-logo', 'pdf-template')),
	CONSTRAINT "uploads_content_kind_valid" CHECK ("uploads"."content_kind" in ('image', 'pdf')),
	CONSTRAINT "uploads_status_valid" CHECK ("uploads"."status" in ('issued', 'uploading', 'uploaded', 'attached', 'released', 'failed')),
	CONSTRAINT "uploads_owner_when_attached" CHECK (("uploads"."status" = 'attached') = ("uploads"."owner_kind" is not null and "uploads"."owner_id" is not null))
);
--> statement-breakpoint
CREATE INDEX "mail_outbox_due_idx" ON "mail_outbox" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "mail_outbox_status_updated_idx" ON "mail_outbox" USING btree ("status","updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "uploads_storage_key_uq" ON "uploads" USING btree ("storage_key");--> statement-breakpoint
CREATE UNIQUE INDEX "uploads_owner_uq" ON "uploads" USING btree ("owner_kind","owner_id") WHERE "uploads"."status" = 'attached';--> statement-breakpoint
CREATE INDEX "uploads_status_created_idx" ON "uploads" USING btree ("status","created_at");
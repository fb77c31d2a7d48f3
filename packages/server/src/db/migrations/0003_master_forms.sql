CREATE TABLE "dictionaries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"label" text NOT NULL,
	"attrs" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "master_form_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"form_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"structure" jsonb NOT NULL,
	"mapping_fields_version" integer NOT NULL,
	"published_by" uuid,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "master_forms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"template_id" uuid,
	"name" text NOT NULL,
	"status" text DEFAULT 'inactive' NOT NULL,
	"access" text DEFAULT 'global' NOT NULL,
	"membership_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"company_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"excluded_company_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"structure" jsonb NOT NULL,
	"mapping_fields_version" integer DEFAULT 0 NOT NULL,
	"update_mode" text DEFAULT 'system-auto-update' NOT NULL,
	"processor_id" text,
	"version" integer DEFAULT 0 NOT NULL,
	"has_unpublished_changes" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "master_forms_status_valid" CHECK ("master_forms"."status" in ('active', 'inactive', 'archived')),
	CONSTRAINT "master_forms_access_valid" CHECK ("master_forms"."access" in ('global', 'limited')),
	CONSTRAINT "master_forms_update_mode_valid" CHECK ("master_forms"."update_mode" in ('system-auto-update', 'user-manual-update'))
);
--> statement-breakpoint
CREATE TABLE "push_updates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"target_id" uuid NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"error" text,
	"requested_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key_section" text NOT NULL,
	"label" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"components" jsonb NOT NULL,
	"conditional" jsonb,
	"processors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "master_form_versions" ADD CONSTRAINT "master_form_versions_form_id_master_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."master_forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "master_forms" ADD CONSTRAINT "master_forms_template_id_pdf_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."pdf_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "dictionaries_name_uq" ON "dictionaries" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "master_form_versions_uq" ON "master_form_versions" USING btree ("form_id","version");--> statement-breakpoint
CREATE INDEX "master_forms_template_idx" ON "master_forms" USING btree ("template_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sections_key_uq" ON "sections" USING btree ("key_section");
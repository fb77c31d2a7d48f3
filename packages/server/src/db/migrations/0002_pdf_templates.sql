CREATE TABLE "pdf_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"file_key" text NOT NULL,
	"file_size" integer NOT NULL,
	"pages" jsonb NOT NULL,
	"acro_fields" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"mapping" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"mapping_schema_version" integer DEFAULT 1 NOT NULL,
	"mapping_fields_version" integer DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pdf_templates_status_valid" CHECK ("pdf_templates"."status" in ('active', 'inactive', 'archived'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "pdf_templates_name_uq" ON "pdf_templates" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "pdf_templates_created_idx" ON "pdf_templates" USING btree ("created_at");
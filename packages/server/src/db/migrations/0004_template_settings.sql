ALTER TABLE "pdf_templates" ADD COLUMN "settings" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "pdf_templates" ADD COLUMN "confirm_page" jsonb DEFAULT '[]'::jsonb NOT NULL;
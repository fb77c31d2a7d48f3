ALTER TABLE "uploads" DROP CONSTRAINT "uploads_purpose_valid";--> statement-breakpoint
ALTER TABLE "uploads" DROP CONSTRAINT "uploads_content_kind_valid";--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_purpose_valid" CHECK ("uploads"."purpose" in ('company-logo', 'pdf-template', 'custom-form-document', 'application-attachment'));--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_content_kind_valid" CHECK ("uploads"."content_kind" in ('image', 'pdf', 'attachment'));
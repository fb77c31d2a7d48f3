-- Data, not schema (decision 022): files attached before the uploads table existed become attached uploads of
-- their owner, so downloads (which require an attached upload) and replaces keep working on older installs.
-- A key shared by several templates (the bug the table closes) goes to the oldest template; the others keep
-- pointing at it, and a release by them never deletes it.
INSERT INTO "uploads" ("storage_key", "purpose", "issued_to_user_id", "company_id", "max_bytes", "content_kind", "status", "owner_kind", "owner_id", "size", "content_type", "created_at", "expires_at", "uploaded_at", "attached_at")
SELECT DISTINCT ON ("file_key") "file_key", 'pdf-template', "created_by", NULL, 25000000, 'pdf', 'attached', 'pdf-template', "id", "file_size", 'application/pdf', "created_at", "created_at", "created_at", "created_at"
FROM "pdf_templates"
ORDER BY "file_key", "created_at", "id"
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "uploads" ("storage_key", "purpose", "issued_to_user_id", "company_id", "max_bytes", "content_kind", "status", "owner_kind", "owner_id", "size", "content_type", "created_at", "expires_at", "uploaded_at", "attached_at")
SELECT "logo_file_url", 'company-logo', NULL, "id", 25000000, 'image', 'attached', 'company-logo', "id", NULL, NULL, "updated_at", "updated_at", "updated_at", "updated_at"
FROM "companies"
WHERE "logo_file_url" IS NOT NULL
ON CONFLICT DO NOTHING;

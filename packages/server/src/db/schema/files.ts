import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * Every signed upload we issue, and what became of its file (decision 022). The row, not the signed URL, decides
 * whether the URL may still upload: the PUT claims it atomically (`issued` -> `uploading`), so a URL stores at most
 * one file, on any number of server instances. A stored file belongs to at most one owner (`attached`), and only
 * its owner can let it go (`released`); released and never-attached files are deleted by the sweep job.
 *
 * No foreign keys: the owner is polymorphic (a template, a company's logo), and the issuer only scopes who may
 * attach; the sweep removes unattached rows after a day.
 */
export const uploads = pgTable(
  'uploads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Storage key, generated for this upload and never given to another one. */
    storageKey: text('storage_key').notNull(),
    /** What the upload was issued for: 'company-logo' | 'pdf-template'. */
    purpose: text('purpose').notNull(),
    /** The user the upload URL was issued to; null for rows carried over from before this table. */
    issuedToUserId: uuid('issued_to_user_id'),
    /** The tenant, for company uploads. */
    companyId: uuid('company_id'),
    maxBytes: integer('max_bytes').notNull(),
    /** Accepted content: 'image' (png, jpeg), 'pdf', or 'attachment' (an applicant's: png, jpeg or pdf). */
    contentKind: text('content_kind').notNull(),
    /** issued -> uploading -> uploaded -> attached -> released; uploading -> failed. */
    status: text('status').notNull().default('issued'),
    /** The one owner of an attached file: 'company-logo' (owner = company) or 'pdf-template' (owner = template). */
    ownerKind: text('owner_kind'),
    ownerId: uuid('owner_id'),
    size: integer('size'),
    contentType: text('content_type'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** The upload URL's end; the PUT is refused after it. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }),
    attachedAt: timestamp('attached_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('uploads_storage_key_uq').on(t.storageKey),
    // one current file per owner: a replace releases the old file before it attaches the new one
    uniqueIndex('uploads_owner_uq').on(t.ownerKind, t.ownerId).where(sql`${t.status} = 'attached'`),
    index('uploads_status_created_idx').on(t.status, t.createdAt),
    check(
      'uploads_purpose_valid',
      sql`${t.purpose} in ('company-logo', 'pdf-template', 'custom-form-document', 'application-attachment')`,
    ),
    check('uploads_content_kind_valid', sql`${t.contentKind} in ('image', 'pdf', 'attachment')`),
    check(
      'uploads_status_valid',
      sql`${t.status} in ('issued', 'uploading', 'uploaded', 'attached', 'released', 'failed')`,
    ),
    check(
      'uploads_owner_when_attached',
      sql`(${t.status} = 'attached') = (${t.ownerKind} is not null and ${t.ownerId} is not null)`,
    ),
  ],
);

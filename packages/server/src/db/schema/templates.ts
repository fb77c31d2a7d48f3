import type { PdfField, PdfPage } from '@under/core/templates/pdf-field.schema';
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** An institution's PDF application and its mapping (spec 1 §3 "PDF template"). */
export const pdfTemplates = pgTable(
  'pdf_templates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    status: text('status').notNull().default('active'),
    /** Storage key of the PDF. */
    fileKey: text('file_key').notNull(),
    fileSize: integer('file_size').notNull(),
    pages: jsonb('pages').$type<PdfPage[]>().notNull(),
    /** Fields of the PDF's own AcroForm, offered as a starting mapping. */
    acroFields: jsonb('acro_fields').$type<PdfField[]>().notNull().default([]),
    mapping: jsonb('mapping').$type<PdfField[]>().notNull().default([]),
    /** Format of the stored mapping JSON (migrates forward). */
    mappingSchemaVersion: integer('mapping_schema_version').notNull().default(1),
    /** Grows by one with every saved mapping. */
    mappingFieldsVersion: integer('mapping_fields_version').notNull().default(0),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // names are unique whatever their case: 'Bank A' and 'bank a' would confuse admins
    uniqueIndex('pdf_templates_name_uq').on(sql`lower(${t.name})`),
    check('pdf_templates_status_valid', sql`${t.status} in ('active', 'inactive', 'archived')`),
    index('pdf_templates_created_idx').on(t.createdAt),
  ],
);

import type { PdfField, PdfPage } from '@under/core/templates/pdf-field.schema';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

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
    /** General settings and global settings per page (TemplateSettingsSchema). */
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
    /** Confirm-page mapper boxes (ConfirmPageItemSchema[]). */
    confirmPage: jsonb('confirm_page').$type<unknown[]>().notNull().default([]),
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

/** Dictionary entries (spec 1 §3): type, key (`name`) and label as columns, every other attribute in `attrs`. */
export const dictionaries = pgTable(
  'dictionaries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    type: text('type').notNull(),
    label: text('label').notNull(),
    attrs: jsonb('attrs').$type<Record<string, unknown>>().notNull().default({}),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('dictionaries_name_uq').on(sql`lower(${t.name})`)],
);

/** Shared sections (spec 1 §3); components are a form definition. */
export const sections = pgTable(
  'sections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    keySection: text('key_section').notNull(),
    label: text('label').notNull(),
    title: text('title').notNull().default(''),
    components: jsonb('components').$type<unknown>().notNull(),
    conditional: jsonb('conditional').$type<unknown>(),
    processors: jsonb('processors').$type<string[]>().notNull().default([]),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sections_key_uq').on(t.keySection)],
);

/** Master (universal) forms (spec 1 §3); `structure` holds allField, bindings, sections, dictionaries, layouts. */
export const masterForms = pgTable(
  'master_forms',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    templateId: uuid('template_id').references(() => pdfTemplates.id),
    name: text('name').notNull(),
    status: text('status').notNull().default('inactive'),
    /** 'global' (every subscription in membershipIds) or 'limited' (companyIds only). */
    access: text('access').notNull().default('global'),
    membershipIds: jsonb('membership_ids').$type<string[]>().notNull().default([]),
    companyIds: jsonb('company_ids').$type<string[]>().notNull().default([]),
    excludedCompanyIds: jsonb('excluded_company_ids').$type<string[]>().notNull().default([]),
    structure: jsonb('structure').$type<Record<string, unknown>>().notNull(),
    mappingFieldsVersion: integer('mapping_fields_version').notNull().default(0),
    updateMode: text('update_mode').notNull().default('system-auto-update'),
    processorId: text('processor_id'),
    /** The latest published version (0 before the first publish). */
    version: integer('version').notNull().default(0),
    /** Changes since the last publish. */
    hasUnpublishedChanges: boolean('has_unpublished_changes').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('master_forms_status_valid', sql`${t.status} in ('active', 'inactive', 'archived')`),
    check('master_forms_access_valid', sql`${t.access} in ('global', 'limited')`),
    check('master_forms_update_mode_valid', sql`${t.updateMode} in ('system-auto-update', 'user-manual-update')`),
    index('master_forms_template_idx').on(t.templateId),
  ],
);

/** Every publish of a master form, kept whole. */
export const masterFormVersions = pgTable(
  'master_form_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    formId: uuid('form_id')
      .notNull()
      .references(() => masterForms.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    structure: jsonb('structure').$type<Record<string, unknown>>().notNull(),
    mappingFieldsVersion: integer('mapping_fields_version').notNull(),
    publishedBy: uuid('published_by'),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('master_form_versions_uq').on(t.formId, t.version)],
);

/** A push of a dictionary entry or section to the master forms using it: progress the admin can read. */
export const pushUpdates = pgTable('push_updates', {
  id: uuid('id').primaryKey().defaultRandom(),
  kind: text('kind').notNull(),
  targetId: uuid('target_id').notNull(),
  status: text('status').notNull().default('queued'),
  total: integer('total').notNull().default(0),
  done: integer('done').notNull().default(0),
  attempts: integer('attempts').notNull().default(0),
  error: text('error'),
  requestedBy: uuid('requested_by'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
});

/** Template permission per company: which of its users may use a master form (spec 2 §6 "Template permission"). */
export const masterFormPermissions = pgTable(
  'master_form_permissions',
  {
    formId: uuid('form_id')
      .notNull()
      .references(() => masterForms.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id').notNull(),
    userIds: jsonb('user_ids').$type<string[]>().notNull().default([]),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('master_form_permissions_uq').on(t.formId, t.companyId)],
);
